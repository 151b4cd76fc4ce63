/**
 * The query Stripe adds to the checkout's `return_url` when it comes back from a payment method that left the page
 * (kept apart from the Stripe client so that the support page reads it without loading that code).
 */
export function stripeReturn(search: string): { intentId: string; clientSecret: string } | null {
  const params = new URLSearchParams(search);
  const intentId = params.get('payment_intent');
  const clientSecret = params.get('payment_intent_client_secret');
  return intentId && clientSecret ? { intentId, clientSecret } : null;
}
