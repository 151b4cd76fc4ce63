import type { CardFieldResult } from './card-field-client';

/** Stripe.js, loaded from Stripe (never bundled, as Stripe requires) and only when the checkout pays with Stripe. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

/** The result of `stripe.confirmPayment`: an error (declined, invalid field) or the intent as it now is. */
export interface StripeConfirmResult {
  error?: { type?: string; code?: string; message?: string };
  paymentIntent?: { id: string; status: string };
}

/** The few parts of Stripe.js the checkout uses. */
export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
}

export interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams: { return_url: string };
  }): Promise<StripeConfirmResult>;
}

export type StripeFactory = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

export const STRIPE_MESSAGES = {
  notLoaded: 'The card field could not load. Check your connection and reload the page.',
  declined: 'Your payment didn’t go through. Try another card.',
  notConfirmed: 'Your bank did not confirm the payment. Try again or use another card.',
} as const;

let loading: Promise<StripeFactory> | null = null;

/** Adds Stripe.js's script tag (once) and resolves with its `Stripe` factory. */
export function loadStripeJs(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.Stripe) resolve(window.Stripe);
      else reject(new Error(STRIPE_MESSAGES.notLoaded));
    });
    script.addEventListener('error', () => {
      // A later attempt adds the tag again.
      script.remove();
      loading = null;
      reject(new Error(STRIPE_MESSAGES.notLoaded));
    });
    document.head.appendChild(script);
  });
  return loading;
}

/** What `confirmPayment` said, in the card field's terms. */
export function toCardFieldResult(result: StripeConfirmResult): CardFieldResult {
  if (result.error) {
    // Stripe's messages are written for the payer (declines, incomplete or invalid fields).
    const message = result.error.message ?? STRIPE_MESSAGES.declined;
    return { status: result.error.type === 'validation_error' ? 'invalid' : 'failed', message };
  }
  switch (result.paymentIntent?.status) {
    case 'succeeded':
      return { status: 'succeeded', message: null };
    case 'processing':
      return { status: 'processing', message: null };
    case 'requires_action':
      // Stripe.js runs the bank's challenge itself: an intent still waiting for it was not confirmed.
      return { status: 'failed', message: STRIPE_MESSAGES.notConfirmed };
    default:
      return { status: 'failed', message: STRIPE_MESSAGES.declined };
  }
}

export interface StripeCardClient {
  readonly clientSecret: string;
  confirm(): Promise<CardFieldResult>;
  destroy(): void;
}

/**
 * Mounts Stripe's Payment Element for an intent in `container`; `confirm` pays with what was typed there, staying on
 * the page unless the payment method must leave it (then Stripe comes back to `returnUrl`).
 */
export function mountStripeCardField(
  stripe: StripeJs,
  options: { clientSecret: string; container: HTMLElement; returnUrl: string },
): StripeCardClient {
  const elements = stripe.elements({ clientSecret: options.clientSecret });
  const element = elements.create('payment', { layout: 'tabs' });
  element.mount(options.container);
  return {
    clientSecret: options.clientSecret,
    async confirm() {
      try {
        const result = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: options.returnUrl },
        });
        return toCardFieldResult(result);
      } catch {
        return { status: 'failed', message: STRIPE_MESSAGES.notLoaded };
      }
    },
    destroy() {
      element.destroy();
    },
  };
}
