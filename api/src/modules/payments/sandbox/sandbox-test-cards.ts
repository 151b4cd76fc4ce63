/** What the sandbox's card frame says about a card (a real provider words its own). */
export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Card number is invalid',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Expiry date is invalid',
  expired: 'This card has expired',
  /** The field is labelled "CVC": its messages say CVC too. */
  cvcRequired: 'CVC is required',
  cvcInvalid: 'CVC is invalid',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed: 'The bank could not authenticate this payment. You were not charged.',
  authenticationRequired: 'Your bank asks you to confirm this payment.',
} as const;
import type { SANDBOX_CARD_BEHAVIOURS } from '../../../db/schema';

export type SandboxCardBehaviour = (typeof SANDBOX_CARD_BEHAVIOURS)[number];

export interface SandboxTestCard {
  number: string;
  behaviour: SandboxCardBehaviour;
  description: string;
}

/**
 * The sandbox's documented test cards (any future expiry, any CVC of the right length). Every other
 * number, however valid, is refused: test mode must never look like it charged a real card.
 */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242424242424242', behaviour: 'succeed', description: 'Visa: succeeds' },
  { number: '5555555555554444', behaviour: 'succeed', description: 'Mastercard: succeeds' },
  { number: '378282246310005', behaviour: 'succeed', description: 'American Express: succeeds' },
  { number: '4000000000000002', behaviour: 'decline', description: 'Declined' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', description: 'Declined for insufficient funds' },
  {
    number: '4000002760003184',
    behaviour: 'authentication_required',
    description: 'Asks for authentication (3-D Secure) at checkout and on every renewal',
  },
  {
    number: '4000000000000341',
    behaviour: 'decline_renewals',
    description: 'Succeeds at checkout; monthly renewals are declined',
  },
  {
    number: '4000000000005423',
    behaviour: 'early_fraud_warning',
    description: 'Succeeds, then the card issuer sends an early fraud warning: the support is refunded and flagged',
  },
  {
    number: '4000000000005126',
    behaviour: 'refund_fails',
    description: 'Succeeds; a refund of it is reported succeeded, then fails (the bank sends it back a little later)',
  },
  {
    number: '4000000000000259',
    behaviour: 'dispute_fraudulent',
    description:
      "Succeeds, then the supporter's bank disputes it as fraudulent and the dispute is lost: the creator's share is taken back and their payouts wait for review",
  },
];

export const SANDBOX_MESSAGES = {
  testModeOnly: 'Test mode: only test cards can be used (for example 4242 4242 4242 4242). This card was not charged.',
  paymentMethodMissing: 'The saved card is no longer available.',
  refundChargeNotFound: 'The payment provider has no successful charge to refund for this support.',
  refundTooLarge: 'The payment provider refused the refund: it is more than what is left of the charge.',
} as const;

/** Why the bank sends back a refund of the refund-fails card (Stripe's failure_reason for a closed card). */
export const SANDBOX_REFUND_FAILURE_REASON = 'expired_or_canceled_card';

export function sandboxBehaviourOf(digits: string): SandboxCardBehaviour {
  return SANDBOX_TEST_CARDS.find((card) => card.number === digits)?.behaviour ?? 'test_mode_only';
}

export const DECLINE_MESSAGES = {
  decline: CARD_MESSAGES.declined,
  insufficientFunds: CARD_MESSAGES.insufficientFunds,
  expired: CARD_MESSAGES.expired,
  authenticationFailed: CARD_MESSAGES.authenticationFailed,
  authenticationRequired: CARD_MESSAGES.authenticationRequired,
} as const;
