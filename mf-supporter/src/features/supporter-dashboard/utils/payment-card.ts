import type { GivenSupportDto } from '@beabro/shared/api-schemas/supports';

export interface PaymentCard {
  brand: string;
  last4: string;
}

/**
 * The card a support was paid with, for its receipt, when the history entry carries one
 * (`cardBrand`, `cardLast4`). The history contract does not promise it yet, so it is read defensively.
 */
export function paymentCardOf(support: GivenSupportDto): PaymentCard | null {
  const { cardBrand, cardLast4 } = support as GivenSupportDto & { cardBrand?: unknown; cardLast4?: unknown };
  if (typeof cardBrand !== 'string' || !cardBrand || typeof cardLast4 !== 'string' || !/^\d{4}$/.test(cardLast4))
    return null;
  return { brand: cardBrand, last4: cardLast4 };
}
