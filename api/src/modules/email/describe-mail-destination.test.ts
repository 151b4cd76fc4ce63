import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { describeMailDestination } from './describe-mail-destination';

describe('the start log line saying where emails go', () => {
  it('names the mail folder and the development mailbox on this machine', () => {
    const config = loadConfig({ DATA_DIR: '/srv/beabro' });
    expect(describeMailDestination(config, 3000)).toBe(
      `Emails are written to ${path.join('/srv/beabro', 'mail')}; the development mailbox is at http://localhost:3000/dev/mailbox.`,
    );
    expect(describeMailDestination(loadConfig({ DATA_DIR: '/srv/beabro', DEV_MAILBOX: 'false' }), 3000)).toBe(
      `Emails are written to ${path.join('/srv/beabro', 'mail')}; the development mailbox is off (DEV_MAILBOX).`,
    );
    expect(describeMailDestination(loadConfig({ HOST: '::1', DEV_MAILBOX: 'true' }), 4000)).toContain(
      'the development mailbox is at http://localhost:4000/dev/mailbox',
    );
    expect(describeMailDestination(loadConfig({ PUBLIC_URL: 'http://localhost:8080/' }), 3000)).toContain(
      'the development mailbox is at http://localhost:8080/dev/mailbox',
    );
  });

  it('names the SMTP server without its credentials', () => {
    const line = describeMailDestination(
      loadConfig({ SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465', EMAIL_SENDER_ENABLED: 'false' }),
      3000,
    );
    expect(line).toBe(
      'Emails are sent through the SMTP server smtp.example.com:465 (TLS); this process does not deliver them (EMAIL_SENDER_ENABLED=false).',
    );
    expect(line).not.toMatch(/mailer|s3cret/);
    expect(describeMailDestination(loadConfig({ SMTP_URL: 'smtp://smtp.example.com:587' }), 3000)).toBe(
      'Emails are sent through the SMTP server smtp.example.com:587 (STARTTLS when offered).',
    );
  });
});

describe('the development mailbox and other machines', () => {
  // No start-up warning is needed: a server other machines reach refuses to start with the mailbox on.
  it('is refused, not warned about, when other machines can reach the server', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0', DEV_MAILBOX: 'true', JOBS_ENABLED: 'false' })).toThrow(
      /DEV_MAILBOX: must not be true on a server other machines reach/,
    );
    expect(loadConfig({ HOST: '0.0.0.0', JOBS_ENABLED: 'false' }).devMailbox).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
  });
});
