import { readFileSync } from 'node:fs';

/*
 * Stripe's own sample objects, so the stand-in answers with every field the SDK's types and an adapter expect.
 * fixtures.json is the subset of Stripe's published fixtures this stand-in uses, copied verbatim from
 * github.com/stripe/openapi, openapi/fixtures3.json (commit f6c2a48), MIT licence in ./LICENSE.
 * The samples hold placeholder values ("obj_123", an expanded discount, a `next_action` of type "type"): each builder
 * in the stand-in overrides every field whose value depends on what happened.
 */

export type FixtureName =
  | 'account'
  | 'account_link'
  | 'application_fee'
  | 'balance_transaction'
  | 'charge'
  | 'customer'
  | 'dispute'
  | 'event'
  | 'fee_refund'
  | 'payment_intent'
  | 'payment_method'
  | 'payout'
  | 'refund'
  | 'setup_intent'
  | 'transfer'
  | 'transfer_reversal';

const fixtures = JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as Record<
  FixtureName,
  Record<string, unknown>
>;

/** A fresh copy of Stripe's sample object with the given fields replaced (the type is the SDK's, e.g. Stripe.Charge). */
export function fromFixture<T>(name: FixtureName, overrides: Partial<T>): T {
  return { ...structuredClone(fixtures[name]), ...overrides } as T;
}
