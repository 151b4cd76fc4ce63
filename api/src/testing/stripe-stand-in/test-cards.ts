/*
 * Stripe's test payment methods (https://docs.stripe.com/testing), by the names Stripe accepts as `pm_card_<name>`
 * and `tok_<name>`. Each says what Stripe does with it, so the same test passes against the stand-in and against
 * Stripe's test mode. One extra card, `standInProcessing`, exists only here (card payments settle at once on
 * Stripe; "processing" is what bank debits show) so tests can reach the processing state; a live run skips it.
 */

export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export interface TestCard {
  brand: 'visa' | 'mastercard' | 'amex';
  last4: string;
  funding: 'credit' | 'debit';
  /** Where the card was issued (ISO code): Stripe charges 1.5% more for a card issued outside the US. Default US. */
  country?: string;
  /** What a charge does once any authentication is done. */
  decline?: CardDecline;
  /** always: every payment asks for 3-D Secure; unlessSetUp: only until the card was set up for off-session use. */
  authentication?: 'always' | 'unlessSetUp';
  /** Attaching to a customer checks the card: the generic-decline card fails there already. */
  declinesOnAttach?: boolean;
  /** A dispute opens right after the charge succeeds. */
  dispute?: 'fraudulent' | 'inquiry';
  /** The issuer sends an early fraud warning right after the charge succeeds (Stripe's 4000 0000 0000 5423). */
  earlyFraudWarning?: boolean;
  /** Stand-in only: the payment stays processing until the test settles it. */
  staysProcessing?: boolean;
}

const declined = 'Your card was declined.';

export const testCards: Record<string, TestCard> = {
  visa: { brand: 'visa', last4: '4242', funding: 'credit' },
  visa_debit: { brand: 'visa', last4: '5556', funding: 'debit' },
  mastercard: { brand: 'mastercard', last4: '4444', funding: 'credit' },
  amex: { brand: 'amex', last4: '8431', funding: 'credit' },
  /** Stripe's United Kingdom test card (4000 0082 6000 0000): an international card. */
  gb: { brand: 'visa', last4: '0000', funding: 'credit', country: 'GB' },
  chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    funding: 'credit',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: declined },
    declinesOnAttach: true,
  },
  chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    funding: 'credit',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  chargeDeclinedLostCard: {
    brand: 'visa',
    last4: '9987',
    funding: 'credit',
    decline: { code: 'card_declined', decline_code: 'lost_card', message: declined },
  },
  chargeDeclinedStolenCard: {
    brand: 'visa',
    last4: '9979',
    funding: 'credit',
    decline: { code: 'card_declined', decline_code: 'stolen_card', message: declined },
  },
  chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    funding: 'credit',
    decline: {
      code: 'expired_card',
      decline_code: 'expired_card',
      message: 'Your card has expired.',
      param: 'exp_month',
    },
  },
  chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    funding: 'credit',
    decline: {
      code: 'incorrect_cvc',
      decline_code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
      param: 'cvc',
    },
  },
  chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    funding: 'credit',
    decline: {
      code: 'processing_error',
      decline_code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    funding: 'credit',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: declined },
  },
  authenticationRequired: { brand: 'visa', last4: '3184', funding: 'credit', authentication: 'always' },
  threeDSecure2Required: { brand: 'visa', last4: '3220', funding: 'credit', authentication: 'always' },
  authenticationRequiredOnSetup: { brand: 'visa', last4: '3155', funding: 'credit', authentication: 'unlessSetUp' },
  createDispute: { brand: 'visa', last4: '0259', funding: 'credit', dispute: 'fraudulent' },
  createDisputeInquiry: { brand: 'visa', last4: '1976', funding: 'credit', dispute: 'inquiry' },
  /** Stripe's early fraud warning card (4000 0000 0000 5423): the charge succeeds, then a warning follows. */
  earlyFraudWarning: { brand: 'visa', last4: '5423', funding: 'credit', earlyFraudWarning: true },
  standInProcessing: { brand: 'visa', last4: '0000', funding: 'credit', staysProcessing: true },
};

/** `pm_card_visa` / `tok_visa` -> the visa test card; undefined for anything else. */
export function testCardFor(reference: string): { name: string; card: TestCard } | undefined {
  const match = /^(?:pm_card_|tok_)(\w+)$/.exec(reference);
  const name = match?.[1];
  const card = name ? testCards[name] : undefined;
  return name && card ? { name, card } : undefined;
}
