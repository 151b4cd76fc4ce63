import { eq } from 'drizzle-orm';
import { SUPPORTED_PAYOUT_COUNTRIES } from '@beabro/shared/data/defaults';
import { payoutTermsOf } from '@beabro/shared/data/payout-terms';
import type { Db } from '../../db/database';
import { creatorProfiles, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/payment-provider';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import type { MoneyDeps } from '../payments/money-deps';
import type { OrderedEventOutcome, PayoutAccountStatus } from '../payments/payment-events';
import {
  findPayoutAccount,
  findPayoutAccountByAccountId,
  insertPayoutAccount,
  updatePayoutAccountStatus,
} from './payout-accounts-repository';
import { CREATOR_PROFILE_REQUIRED } from '../../lib/messages';

export const PAYOUT_ACCOUNT_MESSAGES = {
  sandbox:
    'In test mode (the sandbox) your supports are paid to your Be a Bro balance: there is no payout account to connect.',
  noCountry: `Choose your payout country in Settings first (${SUPPORTED_PAYOUT_COUNTRIES.map((c) => c.name).join(', ')}).`,
  unsupportedCountry: (country: string) =>
    `Payouts are not available in ${country} yet. Supported countries: ${SUPPORTED_PAYOUT_COUNTRIES.map((c) => c.name).join(', ')}.`,
  noEmail: 'Verify an email address on your account first: Stripe needs it to reach you.',
} as const;

/** Onboarding links asked for per creator per hour: each one is a call to Stripe. */
const ONBOARDING_LINK_LIMIT: RateLimitRule = { name: 'payout-account-link:user', limit: 20, windowSeconds: 3600 };

const SUPPORTED = new Set<string>(SUPPORTED_PAYOUT_COUNTRIES.map((c) => c.code));

interface Deps {
  db: Db;
  provider: PaymentProvider;
}

async function findCreator(db: Db, userId: string) {
  const [creator] = await db
    .select({ userId: creatorProfiles.userId, country: creatorProfiles.country, email: users.email })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(eq(creatorProfiles.userId, userId));
  if (!creator) throw new AppError('not_found', CREATOR_PROFILE_REQUIRED);
  return creator;
}

export async function getPayoutAccount(deps: Deps, userId: string) {
  const creator = await findCreator(deps.db, userId);
  const found = await findPayoutAccount(deps.db, userId);
  const account = found && found.provider === deps.provider.name ? found : undefined;
  const { capabilities } = deps.provider;
  return {
    capabilities,
    // The connected account's country decides (it cannot change); before that, the payout country saved in Settings.
    payoutTerms: capabilities.connectedAccounts ? payoutTermsOf(account?.country ?? creator.country) : null,
    account: account
      ? {
          country: account.country,
          detailsSubmitted: account.detailsSubmitted,
          chargesEnabled: account.chargesEnabled,
          payoutsEnabled: account.payoutsEnabled,
          canReceiveSupport: account.transfersActive,
          requirementsDue: account.requirementsDue,
          disabledReason: account.disabledReason,
        }
      : null,
  };
}

/**
 * The creator's single-use link to Stripe's onboarding: their connected account is made on the first request (in
 * their payout country, which must be a supported one), and kept; Stripe brings them back to Settings.
 */
export async function startOnboarding(deps: Deps, userId: string, origin: string): Promise<{ url: string }> {
  const provider = deps.provider;
  const accounts = provider.connectedAccounts;
  if (!accounts) throw new AppError('conflict', PAYOUT_ACCOUNT_MESSAGES.sandbox);
  const creator = await findCreator(deps.db, userId);
  let account = await findPayoutAccount(deps.db, userId);
  if (!account) {
    if (!creator.country) throw fieldError('country', PAYOUT_ACCOUNT_MESSAGES.noCountry);
    if (!SUPPORTED.has(creator.country))
      throw fieldError('country', PAYOUT_ACCOUNT_MESSAGES.unsupportedCountry(creator.country));
    if (!creator.email) throw new AppError('conflict', PAYOUT_ACCOUNT_MESSAGES.noEmail);
  }
  await consumeRateLimit(deps.db, ONBOARDING_LINK_LIMIT, userId);
  if (!account) {
    const created = await accounts.create({
      creatorId: userId,
      email: creator.email as string,
      country: creator.country as string,
    });
    account = await insertPayoutAccount(deps.db, {
      creatorId: userId,
      provider: provider.name,
      accountId: created.id,
      country: created.country ?? (creator.country as string),
      // Made with a manual schedule: held until the payouts job finds no hold.
      payoutsHeld: true,
      ...created.status,
    });
  } else {
    // What Stripe says now (an account.updated may still be on its way).
    const current = await accounts.retrieve(account.accountId);
    await updatePayoutAccountStatus(deps.db, provider.name, account.accountId, current.status, new Date());
  }
  // Back to the Settings tab with the payout account panel.
  const settings = `${origin}/settings?tab=support`;
  const url = await accounts.onboardingLink(account.accountId, {
    refreshUrl: `${settings}&payout-account=refresh`,
    returnUrl: `${settings}&payout-account=return`,
  });
  return { url };
}

/**
 * The provider's event about a connected account (payment-events.ts): what it may do now, and what is still due.
 * An event created before the one last applied is ignored (`stale`): it would bring back an old status.
 */
export async function recordPayoutAccountStatus(
  deps: MoneyDeps,
  accountId: string,
  status: PayoutAccountStatus,
  at: Date,
  eventAt: Date,
): Promise<OrderedEventOutcome> {
  if (await updatePayoutAccountStatus(deps.db, deps.provider.name, accountId, status, at, eventAt)) return 'applied';
  return (await findPayoutAccountByAccountId(deps.db, deps.provider.name, accountId)) ? 'stale' : 'not_ours';
}
