import { randomUUID } from 'node:crypto';
import type { Currency } from '@beabro/shared/money/currencies';
import { calculateFees } from '@beabro/shared/money/fees';
import type { Db } from '../../db/database';
import {
  insertLedgerEntries,
  insertSupportRow,
  sumAccount,
  type LedgerEntryValues,
  type SupportRow,
} from './ledger-repository';

/** Money in from supporters (gross), the platform's fee, the processor's fee, and each creator's account. */
export const SUPPORTERS_ACCOUNT = 'supporters';
export const PLATFORM_ACCOUNT = 'platform';
export const PROCESSOR_ACCOUNT = 'processor';
export const creatorAccount = (creatorId: string) => `creator:${creatorId}`;

export interface SupportToRecord {
  creatorId: string;
  supporterUserId: string | null;
  supporterName: string | null;
  supporterEmail: string;
  amountCents: number;
  /** The creator's currency (every amount of the support and its entries is in it). */
  currency: Currency;
  message: string;
  isAnonymous: boolean;
  isRecurring: boolean;
  subscriptionId: string | null;
  isRenewal: boolean;
  tierPosition: number | null;
  createdAt: Date;
}

type SupportMoney = Pick<
  SupportRow,
  | 'id'
  | 'creatorId'
  | 'amountCents'
  | 'currency'
  | 'platformFeeCents'
  | 'processingFeeCents'
  | 'creatorNetCents'
  | 'createdAt'
>;

/** The provider's actual processing fee of a support, from its balance transaction, when the provider reports it. */
export type ProviderFee = { providerFeeCents?: number | null };

/**
 * The four entries of one support, and a fifth on the platform's account when the provider's actual processing fee
 * (`providerFeeCents`, from its balance transaction) differs from the estimate the creator bore: the platform bears the
 * difference (docs/money.md#fees), so its account shows what it really kept. Throws when the parts do not add up to
 * the gross: the books must never record money that appeared or vanished (this cannot happen for amounts of $1 or
 * more).
 */
export function supportLedgerEntries(
  support: SupportMoney,
  { providerFeeCents = null }: ProviderFee = {},
): LedgerEntryValues[] {
  const { amountCents, platformFeeCents, processingFeeCents, creatorNetCents } = support;
  if (platformFeeCents + processingFeeCents + creatorNetCents !== amountCents) {
    throw new Error(
      `support ${support.id}: fees ${platformFeeCents} + ${processingFeeCents} + net ${creatorNetCents} do not add up to ${amountCents}`,
    );
  }
  const entry = (account: string, type: LedgerEntryValues['type'], amount: number): LedgerEntryValues => ({
    creatorId: support.creatorId,
    supportId: support.id,
    account,
    type,
    amountCents: amount,
    currency: support.currency,
    createdAt: support.createdAt,
  });
  const difference = providerFeeCents === null ? 0 : processingFeeCents - providerFeeCents;
  return [
    entry(SUPPORTERS_ACCOUNT, 'gross', amountCents),
    entry(PLATFORM_ACCOUNT, 'platform_fee', platformFeeCents),
    entry(PROCESSOR_ACCOUNT, 'processing_fee', processingFeeCents),
    entry(creatorAccount(support.creatorId), 'creator_net', creatorNetCents),
    ...(difference !== 0 ? [entry(PLATFORM_ACCOUNT, 'processing_fee_difference', difference)] : []),
  ];
}

/**
 * Writes a support and its ledger entries. Call it with the transaction of the payment it records:
 * a support never exists without its entries, nor entries without their support.
 */
export async function recordSupport(
  tx: Db,
  input: SupportToRecord,
  providerFee: ProviderFee = {},
): Promise<SupportRow> {
  const support = await insertSupportRow(tx, { ...input, ...calculateFees(input.amountCents, input.currency) });
  await insertLedgerEntries(tx, supportLedgerEntries(support, providerFee));
  return support;
}

/** A support's full row (new id, fees from the shared fee function) and its four ledger entries, for a caller that writes them itself. */
export function newSupportWithEntries(
  input: SupportToRecord,
  providerFee: ProviderFee = {},
): { support: SupportRow; entries: LedgerEntryValues[] } {
  const support: SupportRow = {
    id: randomUUID(),
    ...input,
    ...calculateFees(input.amountCents, input.currency),
    fraudFlaggedAt: null,
  };
  return { support, entries: supportLedgerEntries(support, providerFee) };
}

/** A creator's balance: everything credited to their account minus what was paid out. */
export function creatorBalanceCents(db: Db, creatorId: string): Promise<number> {
  return sumAccount(db, creatorId, creatorAccount(creatorId));
}
