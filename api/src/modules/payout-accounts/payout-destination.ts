import { creatorAccount } from '../ledger/ledger-service';
import type { Db } from '../../db/database';
import type { PaymentProvider } from '../payments/payment-provider';
import { findPayoutAccount } from './payout-accounts-repository';

export const PAYOUT_DESTINATION_MESSAGES = {
  notConnected: (displayName: string) =>
    `${displayName} cannot receive support yet: their payout account is not set up. Please try again later.`,
  /** Settings: a Stripe account's country is fixed, and decides its currency and service agreement. */
  countryLocked: (countryName: string) =>
    `Your Stripe payout account is in ${countryName}, and Stripe cannot move an account to another country. Contact support to be paid in another country.`,
} as const;

/**
 * Where a creator's supports go at the provider: the sandbox pays the creator's ledger account; Stripe routes the
 * charge to the creator's connected account, which must accept transfers. Null when it cannot take a payment.
 */
export async function payoutDestination(db: Db, provider: PaymentProvider, creatorId: string): Promise<string | null> {
  if (!provider.capabilities.connectedAccounts) return creatorAccount(creatorId);
  const account = await findPayoutAccount(db, creatorId);
  if (!account || account.provider !== provider.name || !account.transfersActive) return null;
  return account.accountId;
}
