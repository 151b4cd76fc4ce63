import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { createMailTransport } from './create-mail-transport';

describe('mail configuration', () => {
  it('defaults to the development transport and mailbox, sending from Be a Bro', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      smtpUrl: null,
      mailFrom: 'Be a Bro <no-reply@beabro.app>',
      devMailbox: true,
      emailSenderEnabled: true,
    });
    expect(createMailTransport(config).name).toBe('development');
  });

  it('with SMTP_URL sends over SMTP and hides the development mailbox unless DEV_MAILBOX=true', () => {
    const smtp = loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' });
    expect(smtp).toMatchObject({ smtpUrl: 'smtps://user:pass@smtp.example.com:465', devMailbox: false });
    expect(createMailTransport(smtp).name).toBe('smtp');
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:1025', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
  });

  it('honours MAIL_FROM and EMAIL_SENDER_ENABLED', () => {
    expect(loadConfig({ MAIL_FROM: 'hello@beabro.app' }).mailFrom).toBe('hello@beabro.app');
    expect(loadConfig({ MAIL_FROM: 'Bros <bros@beabro.app>' }).mailFrom).toBe('Bros <bros@beabro.app>');
    expect(loadConfig({ EMAIL_SENDER_ENABLED: 'false' }).emailSenderEnabled).toBe(false);
  });

  it('refuses a mail set-up it cannot use, naming each variable', () => {
    expect(() =>
      loadConfig({
        SMTP_URL: 'http://smtp.example.com',
        MAIL_FROM: 'not an address',
        DEV_MAILBOX: 'yes',
        EMAIL_SENDER_ENABLED: 'no',
      }),
    ).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL[\s\S]*MAIL_FROM: must be an address[\s\S]*DEV_MAILBOX:[\s\S]*EMAIL_SENDER_ENABLED:/,
    );
  });
});
