import type { ReceivedSupportDto } from '@beabro/shared/api-schemas/supports';
import type { SupportRow } from '../ledger/ledger-repository';
import type { RefundFigures } from './refunds-repository';

const NO_REFUNDS: RefundFigures = {
  refundedCents: 0,
  platformFeeReturnedCents: 0,
  pendingCents: 0,
  failedLaterCents: 0,
  charged: false,
  subscriptionActive: false,
};

/** A support as its creator's dashboard lists it, with what was refunded and what still can be. */
export function toReceivedSupportDto(
  s: SupportRow,
  figures: RefundFigures = NO_REFUNDS,
  wall: ReceivedSupportDto['wall'] = null,
): ReceivedSupportDto {
  return {
    id: s.id,
    name: s.isAnonymous ? null : s.supporterName?.trim() || null,
    amountCents: s.amountCents,
    currency: s.currency,
    creatorNetCents: s.creatorNetCents,
    message: s.message,
    isAnonymous: s.isAnonymous,
    isRecurring: s.isRecurring,
    isRenewal: s.isRenewal,
    createdAt: s.createdAt.toISOString(),
    platformFeeCents: s.platformFeeCents,
    processingFeeCents: s.processingFeeCents,
    refundedCents: figures.refundedCents,
    platformFeeReturnedCents: figures.platformFeeReturnedCents,
    refundableCents: figures.charged
      ? Math.max(0, s.amountCents - figures.refundedCents - figures.pendingCents - figures.failedLaterCents)
      : 0,
    subscriptionActive: figures.subscriptionActive,
    wall,
  };
}
