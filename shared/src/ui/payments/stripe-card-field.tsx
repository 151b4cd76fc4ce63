import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CardFieldHandle, CardFieldMode } from '@beabro/shared/payments/card-field-client';
import {
  STRIPE_MESSAGES,
  loadStripeJs,
  mountStripeCardField,
  type StripeCardClient,
} from '@beabro/shared/payments/stripe-card-client';

export interface StripeCardFieldProps {
  /** The intent's (payment mode) or SetupIntent's (setup mode) client secret. */
  clientSecret: string;
  /** The publishable key Stripe.js is loaded with. */
  publishableKey: string | undefined;
  testMode: boolean;
  mode?: CardFieldMode;
  /** The field's id (the page focuses it on an error) and its error line's id. */
  fieldId: string;
  errorId: string;
  /** The provider's reason, shown next to the field. */
  error: string | undefined;
}

/** Where Stripe comes back after a payment method that left the page: this page, without Stripe's query. */
function returnUrl(): string {
  const url = new URL(window.location.href);
  for (const name of [
    'payment_intent',
    'payment_intent_client_secret',
    'setup_intent',
    'setup_intent_client_secret',
    'redirect_status',
  ])
    url.searchParams.delete(name);
  return url.toString();
}

/**
 * Stripe's Payment Element for an intent, or for a SetupIntent in setup mode (a card saved, nothing charged).
 * Stripe.js comes from Stripe (a script tag added when this field first mounts, so only a page paying or saving a card
 * with Stripe loads it); the card lives in Stripe's frames, and this page only asks Stripe.js to confirm (a bank
 * challenge shows in Stripe's own window). A page lazy-loads this module: it is a chunk of its own.
 */
const StripeCardField = forwardRef<CardFieldHandle, StripeCardFieldProps>(function StripeCardField(
  { clientSecret, publishableKey, testMode, mode = 'payment', fieldId, errorId, error },
  ref,
) {
  const container = useRef<HTMLDivElement>(null);
  const client = useRef<StripeCardClient | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

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
          mode,
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
  }, [clientSecret, publishableKey, mode]);

  useImperativeHandle(
    ref,
    () => ({
      mountedFor: () => clientSecret,
      async confirm(_id, secret) {
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
    <>
      <p css={(theme) => ({ margin: '0 0 1rem', fontSize: theme.font.size.sm })}>
        {mode === 'setup'
          ? 'Enter your new card in Stripe’s secure field below, then save it with the button. Nothing is charged now.'
          : 'Enter your card in Stripe’s secure field below, then confirm with the button.'}
        {testMode ? ' Stripe is in test mode: use one of Stripe’s test cards.' : ''}
      </p>
      <div
        ref={container}
        id={fieldId}
        aria-describedby={shown ? errorId : undefined}
        tabIndex={-1}
        css={{ minHeight: 120 }}
      />
      {shown ? (
        <p
          id={errorId}
          role="alert"
          css={(theme) => ({ margin: '0.5rem 0 0', color: theme.color.danger, fontSize: theme.font.size.sm })}
        >
          {shown}
        </p>
      ) : null}
    </>
  );
});

export default StripeCardField;
