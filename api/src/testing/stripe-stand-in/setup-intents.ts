import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { CustomersResource } from './customers';
import { fromFixture } from './fixtures';
import { rejectUnknownParams, type ParamShape } from './form-params';
import { StandInError, docUrl, noSuch, unexpectedState } from './stand-in-error';
import { incompatibleMethod, readPaymentMethodTypes } from './payment-method-types';
import { randomId, type ApiRequest, type StandInState } from './stand-in-state';

/*
 * SetupIntents: a card saved on a customer for later payments without charging it (a supporter replacing the card of
 * a monthly support). Confirmed by Stripe.js with the client secret; a card that asks for 3-D Secure asks for it here
 * too; a card refused on attach is refused here; success attaches the card to the customer, set up for off-session
 * payments when `usage` is off_session.
 */

const setupIntentShape: ParamShape = {
  customer: true,
  payment_method: true,
  usage: true,
  description: true,
  metadata: 'map',
  automatic_payment_methods: { enabled: true, allow_redirects: true },
  allowed_payment_method_types: 'list',
  confirm: true,
  return_url: true,
  expand: 'list',
};
const confirmShape: ParamShape = { payment_method: true, return_url: true, client_secret: true, expand: 'list' };

export function setupIntentsResource(state: StandInState, customers: CustomersResource) {
  function getSetupIntent(id: string, param = 'intent', status: 400 | 404 = 404): Stripe.SetupIntent {
    const intent = state.setupIntents.get(id);
    if (!intent) throw noSuch('setup_intent', id, param, status);
    return intent;
  }

  function createSetupIntent(request: ApiRequest) {
    const { params, read } = request;
    const methodTypes = readPaymentMethodTypes(params, read);
    rejectUnknownParams(params, setupIntentShape);
    const customerId = read.string('customer');
    if (customerId) customers.getCustomer(customerId, 'customer');
    const reference = read.string('payment_method');
    const method = reference ? customers.resolvePaymentMethod(reference, 'payment_method') : undefined;
    if (method && !(methodTypes.effective as string[]).includes(method.type)) {
      throw incompatibleMethod(method.type, methodTypes.effective, 'SetupIntent');
    }
    const id = randomId('seti');
    const intent = fromFixture<Stripe.SetupIntent>('setup_intent', {
      id,
      created: state.now(),
      client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
      customer: customerId ?? null,
      description: read.string('description') ?? null,
      metadata: read.metadata() ?? {},
      usage: read.oneOf('usage', ['on_session', 'off_session'] as const) ?? 'off_session',
      automatic_payment_methods: methodTypes.allowed
        ? null
        : {
            enabled: read.boolean('automatic_payment_methods.enabled') ?? true,
            allow_redirects:
              read.oneOf('automatic_payment_methods.allow_redirects', ['always', 'never'] as const) ?? 'always',
          },
      allowed_payment_method_types: methodTypes.allowed,
      payment_method_types: methodTypes.effective,
      payment_method_configuration_details: null,
      payment_method: method?.id ?? null,
      last_setup_error: null,
      latest_attempt: null,
      next_action: null,
      status: method ? 'requires_confirmation' : 'requires_payment_method',
    });
    state.setupIntents.set(id, intent);
    state.emit('setup_intent.created', intent);
    if (read.boolean('confirm')) return confirm(intent, request);
    return intent;
  }

  function retrieveSetupIntent({ params, read, ids, publishable }: ApiRequest) {
    rejectUnknownParams(params, { client_secret: true, expand: 'list' });
    const intent = getSetupIntent(ids[0]!);
    if (publishable && read.string('client_secret') !== intent.client_secret) {
      throw noSuch('setup_intent', intent.id, 'intent', 404);
    }
    return intent;
  }

  function confirmSetupIntent(request: ApiRequest) {
    const { params, read, ids } = request;
    rejectUnknownParams(params, confirmShape);
    const intent = getSetupIntent(ids[0]!);
    if (request.publishable && read.string('client_secret') !== intent.client_secret) {
      throw noSuch('setup_intent', intent.id, 'intent', 404);
    }
    return confirm(intent, request);
  }

  function confirm(intent: Stripe.SetupIntent, { read }: ApiRequest) {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this SetupIntent because it has already succeeded or been canceled (status: ${intent.status}).`,
      );
    }
    const reference = read.string('payment_method');
    if (reference) {
      const given = customers.resolvePaymentMethod(reference, 'payment_method');
      if (!intent.payment_method_types.includes(given.type)) {
        throw incompatibleMethod(given.type, intent.payment_method_types, 'SetupIntent');
      }
      intent.payment_method = given.id;
    }
    if (!intent.payment_method) {
      throw unexpectedState(
        "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
      );
    }
    const method = state.paymentMethods.get(intent.payment_method as string)!;
    const methodState = state.paymentMethodState.get(method.id)!;
    if (methodState.consumed) throw customers.consumedError();
    if (methodState.card.decline && methodState.card.declinesOnAttach) return fail(intent, method);
    if (methodState.card.authentication) {
      const returnUrl = read.string('return_url');
      const authenticateUrl = `${state.baseUrl}/stand-in/authenticate/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret!)}`;
      intent.status = 'requires_action';
      intent.next_action = returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { url: authenticateUrl, return_url: returnUrl } }
        : ({
            type: 'use_stripe_sdk',
            use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: authenticateUrl },
          } as Stripe.SetupIntent.NextAction);
      state.emit('setup_intent.requires_action', intent);
      return intent;
    }
    return succeed(intent, method);
  }

  function succeed(intent: Stripe.SetupIntent, method: Stripe.PaymentMethod): Stripe.SetupIntent {
    if (intent.customer) customers.attach(method, intent.customer as string);
    if (intent.usage === 'off_session') state.paymentMethodState.get(method.id)!.setUpForOffSession = true;
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.last_setup_error = null;
    state.emit('setup_intent.succeeded', intent);
    return intent;
  }

  /** A card refused while being set up: the intent is back to requires_payment_method and the SDK throws. */
  function fail(intent: Stripe.SetupIntent, method: Stripe.PaymentMethod): never {
    const decline = state.paymentMethodState.get(method.id)!.card.decline!;
    const error = customers.cardError(method, decline);
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_setup_error = {
      ...error.body,
      payment_method: structuredClone(method),
    } as Stripe.SetupIntent.LastSetupError;
    state.emit('setup_intent.setup_failed', intent);
    throw new StandInError(402, { ...error.body, setup_intent: structuredClone(intent) });
  }

  function cancelSetupIntent({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { cancellation_reason: true, expand: 'list' });
    const intent = getSetupIntent(ids[0]!);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw unexpectedState(
        `You cannot cancel this SetupIntent because it has a status of ${intent.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`,
      );
    }
    intent.status = 'canceled';
    intent.next_action = null;
    intent.cancellation_reason =
      read.oneOf('cancellation_reason', ['abandoned', 'duplicate', 'requested_by_customer'] as const) ?? null;
    state.emit('setup_intent.canceled', intent);
    return intent;
  }

  /** The supporter's answer to the bank's challenge while setting the card up. */
  function completeSetupAuthentication(setupIntentId: string, outcome: 'approve' | 'fail'): Stripe.SetupIntent {
    const intent = getSetupIntent(setupIntentId);
    if (intent.status !== 'requires_action') {
      throw new Error(`SetupIntent ${setupIntentId} is ${intent.status}, not waiting for authentication`);
    }
    const method = state.paymentMethods.get(intent.payment_method as string)!;
    if (outcome === 'approve') return succeed(intent, method);
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_setup_error = {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      doc_url: docUrl('setup_intent_authentication_failure'),
      message:
        'The latest attempt to set up the payment method has failed because authentication failed. Provide a new payment method to attempt to set up again.',
      payment_method: structuredClone(method),
    } as Stripe.SetupIntent.LastSetupError;
    state.emit('setup_intent.setup_failed', intent);
    return intent;
  }

  return {
    createSetupIntent,
    retrieveSetupIntent,
    confirmSetupIntent,
    cancelSetupIntent,
    completeSetupAuthentication,
  };
}
