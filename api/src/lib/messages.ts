import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
// Messages that services and the HTTP plugins both send. They live here, below both, so that a service
// never imports a plugin (the layer rule in eslint.config.js).

/** A request that needs a signed-in user came without one (or the user is gone). */
export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** The summary over several field errors of one form. */
export const INVALID_INPUT_MESSAGE = 'Please correct the highlighted fields.';

/** A creator tool (payouts, the payout account, the dashboard) asked for by an account with no creator profile. */
export const CREATOR_PROFILE_REQUIRED = 'Create your creator profile to receive payouts.';

/** A support below the creator's minimum (checkout and a change of the monthly amount). */
export const supportMinimumMessage = (displayName: string, minimumCents: number, currency: Currency) =>
  `The minimum support for ${displayName} is ${formatMoney(minimumCents, currency, { whole: true })}`;
