import type { OutgoingEmail } from '../email/email-outbox';
import { formatEmailDate } from '../email/format-email-date';
import { EMAIL_REASONS, emailParts } from '../email/email-template';

interface Recipient {
  userId: string;
  email: string;
  displayName: string;
}

const accountSettingsUrl = (origin: string) => `${origin.replace(/\/+$/, '')}/settings?tab=account`;

/** Sent when two-factor sign-in is turned on: if it was not the account's owner, they learn it at once. */
export async function twoFactorEnabledEmail(to: Recipient, at: Date, origin: string): Promise<OutgoingEmail> {
  const subject = 'Two-factor sign-in is on';
  const content = emailParts({
    heading: subject,
    blocks: [
      `Hi ${to.displayName},`,
      `Two-factor sign-in was turned on for your Be a Bro account on ${formatEmailDate(at)}. From now on, signing in asks for a code from your authenticator app after your password. Every other device was signed out.`,
      'Keep your recovery codes somewhere safe: each one signs you in once if you lose your phone.',
    ],
    action: { label: 'Review your account settings', url: accountSettingsUrl(origin) },
    footer: ['If you did not do this, change your password at once and contact our support team.'],
    reason: EMAIL_REASONS.accountSecurity,
  });
  return {
    kind: 'two-factor-enabled',
    dedupeKey: `two-factor-enabled:${to.userId}:${at.toISOString()}`,
    to: to.email,
    subject,
    ...content,
  };
}

/** Sent when two-factor sign-in is turned off. */
export async function twoFactorDisabledEmail(to: Recipient, at: Date, origin: string): Promise<OutgoingEmail> {
  const subject = 'Two-factor sign-in is off';
  const content = emailParts({
    heading: subject,
    blocks: [
      `Hi ${to.displayName},`,
      `Two-factor sign-in was turned off for your Be a Bro account on ${formatEmailDate(at)}. Signing in now needs only your email and password, and your recovery codes no longer work.`,
    ],
    action: { label: 'Turn it on again', url: accountSettingsUrl(origin) },
    footer: [
      'If you did not do this, change your password at once, turn two-factor sign-in on again and contact our support team.',
    ],
    reason: EMAIL_REASONS.accountSecurity,
  });
  return {
    kind: 'two-factor-disabled',
    dedupeKey: `two-factor-disabled:${to.userId}:${at.toISOString()}`,
    to: to.email,
    subject,
    ...content,
  };
}
