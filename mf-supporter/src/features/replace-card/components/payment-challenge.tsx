import { useEffect, useRef, useState } from 'react';
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
  autoStart = false,
}: {
  payment: PaymentAction;
  onResult: (result: CardFieldResult) => void;
  /**
   * With Stripe: open Stripe's window at once, the supporter having just asked for the check (saved a card, started
   * or retried the bank's check); otherwise a button opens it.
   */
  autoStart?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const stripe = payment.capabilities.cardField === 'stripe-elements';
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
  // Once per challenge, even when an effect runs twice.
  const started = useRef(false);
  useEffect(() => {
    if (!stripe || !autoStart || started.current) return;
    started.current = true;
    void authenticate();
    // The challenge is keyed by its intent by the callers: one start per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!stripe) {
    return (
      <BankChallengeFrame
        frameUrl={payment.frameUrl}
        intentId={payment.intentId}
        clientSecret={payment.clientSecret}
        onResult={onResult}
      />
    );
  }
  return (
    <Button onClick={() => void authenticate()} disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Waiting for your bank…' : 'Confirm with my bank'}
    </Button>
  );
}
