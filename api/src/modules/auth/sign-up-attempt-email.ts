import { RESET_PASSWORD_PAGE_PATH } from '@beabro/shared/api-schemas/password-reset';
import { paths } from '@beabro/shared/contract/paths';
import type { Db } from '../../db/database';
import { enqueueEmail } from '../email/email-outbox';
import { EMAIL_REASONS, emailParts } from '../email/email-template';
import { formatEmailDate } from '../email/format-email-date';

export const SIGN_UP_ATTEMPT_EMAIL_KIND = 'sign-up-attempt';

/**
 * Tells the owner of an address that someone tried to sign up with it: if it was them, how to get in; if not, that
 * nothing changed. At most one a day per account (the outbox's dedupe key), however often the form is sent.
 */
export async function enqueueSignUpAttemptEmail(
  db: Db,
  owner: { id: string; email: string; displayName: string },
  origin: string,
  now = new Date(),
): Promise<void> {
  const site = origin.replace(/\/+$/, '');
  const content = emailParts({
    heading: 'Someone tried to sign up with your email',
    blocks: [
      `Hi ${owner.displayName},`,
      `On ${formatEmailDate(now)} someone tried to create a new Be a Bro account with ${owner.email}. Your account already uses this address, so no account was created and nothing changed.`,
      'If it was you, sign in to the account you have. Forgot your password? Choose a new one on the reset page.',
    ],
    action: { label: 'Sign in', url: `${site}${paths.auth}` },
    secondaryAction: { label: 'Reset your password', url: `${site}${RESET_PASSWORD_PAGE_PATH}` },
    footer: ['If it was not you, you need do nothing: nobody can sign up with an address that already has an account.'],
    reason: EMAIL_REASONS.accountSecurity,
  });
  await enqueueEmail(db, {
    kind: SIGN_UP_ATTEMPT_EMAIL_KIND,
    dedupeKey: `${SIGN_UP_ATTEMPT_EMAIL_KIND}:${owner.id}:${now.toISOString().slice(0, 10)}`,
    to: owner.email,
    subject: 'Someone tried to sign up with your Be a Bro email',
    ...content,
  });
}
