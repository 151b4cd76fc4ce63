import type { CardFieldMode, CardFieldResult } from '@beabro/shared/payments/card-field-client';

/** Stripe.js, loaded from Stripe (never bundled, as Stripe requires) and only when a page pays or saves a card with Stripe. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

/**
 * The result of `stripe.confirmPayment`, `confirmSetup` or `handleNextAction`: an error (declined, invalid field) or
 * the intent as it now is.
 */
export interface StripeConfirmResult {
  error?: { type?: string; code?: string; message?: string };
  paymentIntent?: { id: string; status: string };
  setupIntent?: { id: string; status: string };
}

/** The few parts of Stripe.js our pages use. */
export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
}

interface StripeConfirmOptions {
  elements: StripeElements;
  redirect: 'if_required';
  confirmParams: { return_url: string };
}

export interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: StripeConfirmOptions): Promise<StripeConfirmResult>;
  /** The Payment Element in setup mode (a SetupIntent's client secret): saves the card, no charge. */
  confirmSetup(options: StripeConfirmOptions): Promise<StripeConfirmResult>;
  /** Shows the bank's challenge of an intent confirmed on the server that awaits it (requires_action). */
  handleNextAction(options: { clientSecret: string }): Promise<StripeConfirmResult>;
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
  notSaved: 'Your card was not saved. Try again or use another card.',
  cardNotConfirmed: 'Your bank did not confirm the card. Try again or use another card.',
} as const;

let loading: Promise<StripeFactory> | null = null;

/**
 * Adds Stripe.js's script tag (once per page, whichever app asks: a tag already there is waited for) and resolves
 * with its `Stripe` factory.
 */
export function loadStripeJs(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const existing = document.head.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`);
    const script = existing ?? document.createElement('script');
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
    if (!existing) document.head.appendChild(script);
  });
  return loading;
}

/** What `confirmPayment`, `confirmSetup` or `handleNextAction` said, in the card field's terms. */
export function toCardFieldResult(result: StripeConfirmResult, mode: CardFieldMode = 'payment'): CardFieldResult {
  const setup = mode === 'setup';
  if (result.error) {
    // Stripe's messages are written for the payer (declines, incomplete or invalid fields).
    const message = result.error.message ?? (setup ? STRIPE_MESSAGES.notSaved : STRIPE_MESSAGES.declined);
    return { status: result.error.type === 'validation_error' ? 'invalid' : 'failed', message };
  }
  switch ((setup ? result.setupIntent : result.paymentIntent)?.status) {
    case 'succeeded':
      return { status: 'succeeded', message: null };
    case 'processing':
      return { status: 'processing', message: null };
    case 'requires_action':
      // Stripe.js runs the bank's challenge itself: an intent still waiting for it was not confirmed.
      return { status: 'failed', message: setup ? STRIPE_MESSAGES.cardNotConfirmed : STRIPE_MESSAGES.notConfirmed };
    default:
      return { status: 'failed', message: setup ? STRIPE_MESSAGES.notSaved : STRIPE_MESSAGES.declined };
  }
}

export interface StripeCardClient {
  readonly clientSecret: string;
  confirm(): Promise<CardFieldResult>;
  destroy(): void;
}

/**
 * Mounts Stripe's Payment Element for an intent (payment mode) or a SetupIntent (setup mode) in `container`; `confirm`
 * pays with, or saves, what was typed there, staying on the page unless the payment method must leave it (then Stripe
 * comes back to `returnUrl`).
 */
export function mountStripeCardField(
  stripe: StripeJs,
  options: { clientSecret: string; container: HTMLElement; returnUrl: string; mode?: CardFieldMode },
): StripeCardClient {
  const mode = options.mode ?? 'payment';
  const elements = stripe.elements({ clientSecret: options.clientSecret });
  const element = elements.create('payment', { layout: 'tabs' });
  element.mount(options.container);
  return {
    clientSecret: options.clientSecret,
    async confirm() {
      try {
        const confirmOptions = {
          elements,
          redirect: 'if_required' as const,
          confirmParams: { return_url: options.returnUrl },
        };
        const result =
          mode === 'setup' ? await stripe.confirmSetup(confirmOptions) : await stripe.confirmPayment(confirmOptions);
        return toCardFieldResult(result, mode);
      } catch {
        return { status: 'failed', message: STRIPE_MESSAGES.notLoaded };
      }
    },
    destroy() {
      element.destroy();
    },
  };
}

/**
 * The bank's challenge of an intent our server confirmed that awaits the supporter (a renewal's 3-D Secure): Stripe.js
 * shows it in its own window and resolves once the bank answered.
 */
export async function authenticateWithStripe(stripe: StripeJs, clientSecret: string): Promise<CardFieldResult> {
  try {
    return toCardFieldResult(await stripe.handleNextAction({ clientSecret }));
  } catch {
    return { status: 'failed', message: STRIPE_MESSAGES.notLoaded };
  }
}
