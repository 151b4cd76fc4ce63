import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import type { CheckoutReceipt, PaymentStart } from '@beabro/shared/api-schemas/checkout';
import { completePayment, createSupport } from '@beabro/shared/api/create-support';
import { creatorProfileQueryKey } from '@beabro/shared/api/get-creator-profile';
import { postFeedQueryPrefix, publicPostsQueryPrefix } from '@beabro/shared/api/public-posts';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import { paths } from '@beabro/shared/contract/paths';
import { saveLastReceipt } from '../../../lib/last-receipt';
import { buildCheckoutRequest, toFieldErrors, type CheckoutCreator, type FieldErrors } from '../utils/checkout-request';
import { newIdempotencyKey } from '@beabro/shared/api/new-idempotency-key';
import { notifyHostOfSupport } from '../utils/notify-host-of-support';
import type { EmbedMode } from './use-embed-mode';
import type { SupportFormState } from '../utils/support-form-state';
import type { CardFieldHandle } from '@beabro/shared/payments/card-field-client';
import { stripeReturn } from '@beabro/shared/payments/stripe-return';

/** The card field refused the payment: the provider's reason, on the card field. */
class CardFieldError extends Error {
  constructor(
    message: string,
    readonly invalid: boolean,
  ) {
    super(message);
  }
}

/**
 * The provider's field needs the intent before the card can be typed (Stripe's Payment Element): the page mounts it
 * for this intent, and the supporter confirms once the card is in.
 */
class CardEntryNeeded extends Error {
  constructor(readonly payment: PaymentStart) {
    super('Enter your card details, then confirm.');
  }
}

/** How often, at most, the page asks again while the provider is still processing. */
const PENDING_CHECKS = 10;
const PENDING_WAIT_MS = 1_000;

export interface CheckoutProblem {
  title: string;
  message: string;
}

/** Any valid UUID: the request is first built (and checked) with it, then sent with the attempt's real key. */
const PLACEHOLDER_KEY = '00000000-0000-4000-8000-000000000000';

interface Failure {
  problem: CheckoutProblem;
  fieldErrors: FieldErrors;
  /**
   * Whether the server may have acted on the attempt (no answer, a 5xx, still processing, or an answer we
   * could not read): resending the same request must then reuse its key, so it can never charge twice.
   */
  outcomeUnknown: boolean;
}

function describeFailure(error: unknown): Failure {
  if (error instanceof CardFieldError) {
    return {
      problem: {
        title: error.invalid ? 'Please check your card details' : 'Your payment didn’t go through',
        message: error.message,
      },
      fieldErrors: { card: error.message },
      // The attempt (and its intent) stays open: the supporter tries again with the same key.
      outcomeUnknown: true,
    };
  }
  if (error instanceof ApiError) {
    const fieldErrors = toFieldErrors(error.fieldErrors);
    switch (error.status) {
      case 400:
        return {
          problem: { title: 'Please check your details', message: error.message },
          fieldErrors,
          outcomeUnknown: false,
        };
      case 402:
        return {
          problem: { title: 'Your payment didn’t go through', message: error.message },
          fieldErrors,
          outcomeUnknown: false,
        };
      case 409:
        return {
          problem: {
            title: 'This payment is already being processed',
            message: `${error.message} Wait a moment, then check your email for a receipt before trying again.`,
          },
          fieldErrors,
          outcomeUnknown: true,
        };
      case 429:
        return { problem: { title: 'Too many attempts', message: error.message }, fieldErrors, outcomeUnknown: false };
      default:
        if (error.status >= 500) {
          return {
            problem: {
              title: 'Something went wrong on our side',
              message: `${error.message} Trying again will not charge you twice.`,
            },
            fieldErrors,
            outcomeUnknown: true,
          };
        }
        return {
          problem: { title: 'Your payment didn’t go through', message: error.message },
          fieldErrors,
          outcomeUnknown: false,
        };
    }
  }
  if (error instanceof TypeError) {
    // fetch() rejects with a TypeError when there is no answer at all (offline, connection dropped).
    return {
      problem: {
        title: 'We couldn’t reach Be a Bro',
        message: 'Check your internet connection and try again. Trying again will not charge you twice.',
      },
      fieldErrors: {},
      outcomeUnknown: true,
    };
  }
  return {
    problem: {
      title: 'We couldn’t confirm your payment',
      message:
        'It may have gone through: check your email for a receipt before trying again. Trying again will not charge you twice.',
    },
    fieldErrors: {},
    outcomeUnknown: true,
  };
}

/**
 * One payment: the API starts an intent (or answers the receipt of this attempt, already paid), the
 * provider's card field confirms it (a bank challenge happens there), then the API reads the outcome
 * from the provider. The card never passes through this page.
 */
async function pay(
  username: string,
  body: Parameters<typeof createSupport>[1],
  cardField: RefObject<CardFieldHandle | null> | undefined,
): Promise<CheckoutReceipt> {
  const started = await createSupport(username, body);
  if ('receipt' in started) return started.receipt;
  const { intentId, clientSecret } = started.payment;
  const field = cardField?.current;
  // Stripe's field is mounted with the intent: the first press starts it, the card is typed, the next press pays.
  if (started.payment.capabilities.cardField === 'stripe-elements' && field?.mountedFor() !== clientSecret)
    throw new CardEntryNeeded(started.payment);
  if (!field) throw new CardFieldError('The card field has not loaded. Reload the page and try again.', false);
  const confirmed = await field.confirm(intentId, clientSecret);
  if (confirmed.status === 'failed' || confirmed.status === 'invalid')
    throw new CardFieldError(confirmed.message ?? 'Your payment didn’t go through.', confirmed.status === 'invalid');
  return awaitOutcome(intentId, clientSecret);
}

/** Reads the confirmed intent's outcome from the API (which asks the provider), waiting a little while it processes. */
async function awaitOutcome(intentId: string, clientSecret: string): Promise<CheckoutReceipt> {
  for (let check = 0; ; check++) {
    const outcome = await completePayment(intentId, clientSecret);
    if ('receipt' in outcome) return outcome.receipt;
    if (check >= PENDING_CHECKS)
      throw new CardFieldError('Your payment is still being processed. Check your email for a receipt.', false);
    await new Promise((resolve) => setTimeout(resolve, PENDING_WAIT_MS));
  }
}

/**
 * Submits the support: validates with the shared contract, sends one request per attempt, keeps the
 * receipt and goes to the profile's thank-you. One attempt = one idempotency key: a second click while
 * the first request runs is ignored, a corrected form is a new attempt with a new key, and resending the
 * very same request after an unknown outcome reuses its key.
 */
export function useSupportCheckout(
  username: string,
  creator: CheckoutCreator,
  embed: EmbedMode = { embedded: false, hostOrigin: null },
  cardField?: RefObject<CardFieldHandle | null>,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState(false);
  /** Embedded checkout only: the receipt shown in place of the form (there is no profile page to go to). */
  const [embeddedReceipt, setEmbeddedReceipt] = useState<CheckoutReceipt | null>(null);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; request: string } | null>(null);
  /** Stripe only: the intent its Payment Element is mounted for. */
  const [stripePayment, setStripePayment] = useState<PaymentStart | null>(null);

  const finish = useCallback(
    (receipt: CheckoutReceipt) => {
      saveLastReceipt(receipt);
      attempt.current = null;
      // The profile's totals and Recent Support, and the supporter's dashboard, include this support from the next read on.
      void queryClient.invalidateQueries({ queryKey: creatorProfileQueryKey(username) });
      void queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey });
      // The support may open posts to this reader.
      void queryClient.invalidateQueries({ queryKey: publicPostsQueryPrefix });
      void queryClient.invalidateQueries({ queryKey: postFeedQueryPrefix });
      if (embed.embedded) {
        // In the overlay of /embed.js: the receipt stays here, and the host page is told.
        inFlight.current = false;
        setProcessing(false);
        setEmbeddedReceipt(receipt);
        notifyHostOfSupport(receipt, embed.hostOrigin);
        return;
      }
      navigate(paths.profileAfterSupport(username));
    },
    [embed, navigate, queryClient, username],
  );

  const fail = useCallback((error: unknown): FieldErrors => {
    const failure = describeFailure(error);
    if (!failure.outcomeUnknown) attempt.current = null;
    inFlight.current = false;
    setProcessing(false);
    setProblem(failure.problem);
    setFieldErrors(failure.fieldErrors);
    return failure.fieldErrors;
  }, []);

  // Back from a payment method that left the page (Stripe's return_url): the intent is read and the support completed.
  useEffect(() => {
    const back = stripeReturn(location.search);
    if (!back || inFlight.current) return;
    inFlight.current = true;
    setProcessing(true);
    const search = new URLSearchParams(location.search);
    for (const name of ['payment_intent', 'payment_intent_client_secret', 'redirect_status']) search.delete(name);
    navigate({ pathname: location.pathname, search: search.toString() }, { replace: true });
    awaitOutcome(back.intentId, back.clientSecret).then(finish, fail);
  }, [fail, finish, location.pathname, location.search, navigate]);

  const submit = useCallback(
    async (state: SupportFormState): Promise<FieldErrors> => {
      if (inFlight.current) return {};
      const built = buildCheckoutRequest(state, creator, PLACEHOLDER_KEY);
      if (!built.ok) {
        setFieldErrors(built.fieldErrors);
        setProblem({
          title: 'Please check your details',
          message: built.formError ?? 'Please correct the highlighted fields.',
        });
        return built.fieldErrors;
      }
      const request = JSON.stringify(built.body);
      if (attempt.current?.request !== request) attempt.current = { key: newIdempotencyKey(), request };
      const body = { ...built.body, idempotencyKey: attempt.current.key };

      inFlight.current = true;
      setProcessing(true);
      setProblem(null);
      setFieldErrors({});
      try {
        finish(await pay(username, body, cardField));
        return {};
      } catch (error) {
        if (error instanceof CardEntryNeeded) {
          // The attempt (and its intent) stays open: the next press confirms it with the card typed in Stripe's field.
          inFlight.current = false;
          setProcessing(false);
          setStripePayment(error.payment);
          return {};
        }
        return fail(error);
      }
    },
    [cardField, creator, fail, finish, username],
  );

  /** A field was edited: its old message no longer applies. */
  const clearFieldError = useCallback((field: keyof FieldErrors) => {
    setFieldErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { submit, processing, problem, fieldErrors, clearFieldError, embeddedReceipt, stripePayment };
}
