import { useState } from 'react';
import type { PaymentAction } from '@beabro/shared/api-schemas/subscriptions';
import type { CardFieldResult } from '@beabro/shared/payments/card-field-client';
import { Button } from '@beabro/shared/ui/button';
import { BankChallengeFrame } from '../../confirm-renewal/components/bank-challenge-frame';

/**
 * The bank's challenge (3-D Secure) of an intent our server confirmed that awaits the supporter: the sandbox's frame
 * shows it; with Stripe, Stripe.js's handleNextAction does, in Stripe's own window, when the supporter asks for it
 * (Stripe.js is loaded from Stripe then, never bundled).
 */
export function PaymentChallenge({
  payment,
  onResult,
}: {
  payment: PaymentAction;
  onResult: (result: CardFieldResult) => void;
}) {
  const [busy, setBusy] = useState(false);
  if (payment.capabilities.cardField !== 'stripe-elements') {
    return (
      <BankChallengeFrame
        frameUrl={payment.frameUrl}
        intentId={payment.intentId}
        clientSecret={payment.clientSecret}
        onResult={onResult}
      />
    );
  }
  const authenticate = async () => {
    setBusy(true);
    const { STRIPE_MESSAGES, authenticateWithStripe, loadStripeJs } =
      await import('@beabro/shared/payments/stripe-card-client');
    try {
      if (!payment.publishableKey) throw new Error('no publishable key');
      const Stripe = await loadStripeJs();
      onResult(await authenticateWithStripe(Stripe(payment.publishableKey), payment.clientSecret));
    } catch {
      onResult({ status: 'failed', message: STRIPE_MESSAGES.notLoaded });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void authenticate()} disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Waiting for your bank…' : 'Confirm with my bank'}
    </Button>
  );
}
