import path from 'node:path';
import { isLoopbackHost, type AppConfig } from '../../config/env';

type MailConfig = Pick<AppConfig, 'smtpUrl' | 'dataDir' | 'devMailbox' | 'publicUrl' | 'host' | 'emailSenderEnabled'>;

/** Where this server itself is reached from this machine (for the mailbox link in the start log). */
function localOrigin(host: string, port: number): string {
  if (isLoopbackHost(host) || ['0.0.0.0', '::', '[::]'].includes(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** The SMTP server of SMTP_URL, as host:port: never its user name or password. */
function smtpServer(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.host} (${url.protocol === 'smtps:' ? 'TLS' : 'STARTTLS when offered'})`;
  } catch {
    return 'the server of SMTP_URL';
  }
}

/** One line for the start log: where emails go (an SMTP server, or a folder), and where the development mailbox is. */
export function describeMailDestination(config: MailConfig, port: number): string {
  const parts = [
    config.smtpUrl
      ? `Emails are sent through the SMTP server ${smtpServer(config.smtpUrl)}`
      : `Emails are written to ${path.join(config.dataDir, 'mail')}`,
  ];
  if (config.devMailbox)
    parts.push(
      `the development mailbox is at ${(config.publicUrl ?? localOrigin(config.host, port)).replace(/\/+$/, '')}/dev/mailbox`,
    );
  else if (!config.smtpUrl) parts.push('the development mailbox is off (DEV_MAILBOX)');
  if (!config.emailSenderEnabled) parts.push('this process does not deliver them (EMAIL_SENDER_ENABLED=false)');
  return `${parts.join('; ')}.`;
}
