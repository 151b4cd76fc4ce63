import { PASSWORD_RESET_LINK_MINUTES } from '@beabro/shared/api-schemas/password-reset';
import { formatEmailDate } from '../email/format-email-date';
import type { OutgoingEmail } from '../email/email-outbox';
import { EMAIL_REASONS, emailParts } from '../email/email-template';

export const PASSWORD_RESET_EMAIL_KIND = 'password-reset';
export const PASSWORD_CHANGED_EMAIL_KIND = 'password-reset-done';

interface Recipient {
  userId: string;
  email: string;
  displayName: string;
}

/** The link to choose a new password. */
export async function passwordResetEmail(to: Recipient, link: string, tokenHash: string): Promise<OutgoingEmail> {
  const subject = 'Reset your Be a Bro password';
  const content = emailParts({
    heading: 'Choose a new password',
    blocks: [
      `Hi ${to.displayName},`,
      `Someone asked to reset the password of the Be a Bro account that uses ${to.email}. If it was you, choose a new password with the button below.`,
      'Choosing a new password signs you out on every device. If two-factor sign-in is on, signing in still asks for a code from your app or a recovery code.',
    ],
    action: { label: 'Choose a new password', url: link },
    footer: [
      `This link works once, for ${PASSWORD_RESET_LINK_MINUTES} minutes.`,
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    reason: EMAIL_REASONS.accountSecurity,
  });
  return {
    kind: PASSWORD_RESET_EMAIL_KIND,
    dedupeKey: `${PASSWORD_RESET_EMAIL_KIND}:${tokenHash}`,
    to: to.email,
    subject,
    ...content,
  };
}

/** Sent once the new password is set: if it was not the owner, they learn it at once. */
export async function passwordChangedEmail(
  to: Recipient,
  at: Date,
  resetPageUrl: string,
  tokenHash: string,
): Promise<OutgoingEmail> {
  const subject = 'Your Be a Bro password was changed';
  const content = emailParts({
    heading: 'Your password was changed',
    blocks: [
      `Hi ${to.displayName},`,
      `The password of your Be a Bro account was changed with a reset link on ${formatEmailDate(at)}. Every device was signed out.`,
    ],
    action: { label: 'Reset it again', url: resetPageUrl },
    footer: ['If you did not do this, reset your password again at once and contact our support team.'],
    reason: EMAIL_REASONS.accountSecurity,
  });
  return {
    kind: PASSWORD_CHANGED_EMAIL_KIND,
    dedupeKey: `${PASSWORD_CHANGED_EMAIL_KIND}:${tokenHash}`,
    to: to.email,
    subject,
    ...content,
  };
}
