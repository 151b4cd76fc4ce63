import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { PaymentStart } from '@beabro/shared/api-schemas/checkout';
import { CheckoutSection } from '../components/checkout-section';
import { FIELD_IDS } from '../components/supporter-details';
import type { CardFieldHandle } from './card-field-client';
import { CARD_FIELD_ERROR_ID } from './card-field-ids';
import { STRIPE_MESSAGES, loadStripeJs, mountStripeCardField, type StripeCardClient } from './stripe-card-client';

export interface StripeCardFieldProps {
  /** The checkout's intent: its client secret and the publishable key Stripe.js is loaded with. */
  payment: Pick<PaymentStart, 'clientSecret' | 'publishableKey' | 'testMode'>;
  /** The provider's reason, shown next to the field. */
  error: string | undefined;
}

/** Where Stripe comes back after a payment method that left the page: this support page, without Stripe's query. */
function returnUrl(): string {
  const url = new URL(window.location.href);
  for (const name of ['payment_intent', 'payment_intent_client_secret', 'redirect_status'])
    url.searchParams.delete(name);
  return url.toString();
}

/**
 * Stripe's Payment Element for the checkout's intent. Stripe.js comes from Stripe (a script tag added when this field
 * first mounts, so only a checkout paying with Stripe loads it); the card lives in Stripe's frames, and this page only
 * asks Stripe.js to confirm the intent (a bank challenge shows in Stripe's own window).
 */
const StripeCardField = forwardRef<CardFieldHandle, StripeCardFieldProps>(function StripeCardField(
  { payment, error },
  ref,
) {
  const container = useRef<HTMLDivElement>(null);
  const client = useRef<StripeCardClient | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { clientSecret, publishableKey } = payment;

  useEffect(() => {
    let cancelled = false;
    setLoadError(null);
    if (!publishableKey) {
      setLoadError(STRIPE_MESSAGES.notLoaded);
      return;
    }
    loadStripeJs().then(
      (Stripe) => {
        if (cancelled || !container.current) return;
        client.current = mountStripeCardField(Stripe(publishableKey), {
          clientSecret,
          container: container.current,
          returnUrl: returnUrl(),
        });
      },
      () => {
        if (!cancelled) setLoadError(STRIPE_MESSAGES.notLoaded);
      },
    );
    return () => {
      cancelled = true;
      client.current?.destroy();
      client.current = null;
    };
  }, [clientSecret, publishableKey]);

  useImperativeHandle(
    ref,
    () => ({
      mountedFor: () => clientSecret,
      async confirm(_intentId, secret) {
        const mounted = client.current;
        if (!mounted || mounted.clientSecret !== secret)
          return { status: 'failed', message: STRIPE_MESSAGES.notLoaded };
        return mounted.confirm();
      },
    }),
    [clientSecret],
  );

  const shown = error ?? loadError ?? undefined;
  return (
    <CheckoutSection step={3} title="Payment details">
      <p css={(theme) => ({ margin: '0 0 1rem', fontSize: theme.font.size.sm })}>
        Enter your card in Stripe’s secure field below, then confirm with the button.
        {payment.testMode ? ' Stripe is in test mode: use one of Stripe’s test cards.' : ''}
      </p>
      <div
        ref={container}
        id={FIELD_IDS.card}
        aria-describedby={shown ? CARD_FIELD_ERROR_ID : undefined}
        tabIndex={-1}
        css={{ minHeight: 120 }}
      />
      {shown ? (
        <p
          id={CARD_FIELD_ERROR_ID}
          role="alert"
          css={(theme) => ({ margin: '0.5rem 0 0', color: theme.color.danger, fontSize: theme.font.size.sm })}
        >
          {shown}
        </p>
      ) : null}
    </CheckoutSection>
  );
});

export default StripeCardField;
