import path from 'node:path';
import type { AppConfig } from '../../config/env';
import { createDevMailTransport } from './dev-mail-transport';
import type { MailTransport } from './mail-transport';
import { createSmtpMailTransport } from './smtp-mail-transport';

/** SMTP when SMTP_URL is set, otherwise `.eml` files under `<DATA_DIR>/mail`. */
export function createMailTransport(config: AppConfig): MailTransport {
  if (config.smtpUrl) return createSmtpMailTransport({ url: config.smtpUrl, from: config.mailFrom });
  return createDevMailTransport({ directory: path.join(config.dataDir, 'mail'), from: config.mailFrom });
}
