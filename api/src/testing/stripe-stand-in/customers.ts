import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { fromFixture } from './fixtures';
import { rejectUnknownParams } from './form-params';
import { StandInError, docUrl, invalidRequest, noSuch } from './stand-in-error';
import { list, randomId, type ApiRequest, type StandInState } from './stand-in-state';
import { testCardFor, testCards, type TestCard } from './test-cards';

/** Customers and their card payment methods, made from Stripe's test references. */
export function customersResource(state: StandInState) {
  function getCustomer(id: string, param: string, status: 400 | 404 = 400): Stripe.Customer {
    const customer = state.customers.get(id);
    if (!customer) throw noSuch('customer', id, param, status);
    return customer;
  }

  function createCustomer({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      email: true,
      name: true,
      description: true,
      metadata: 'map',
      payment_method: true,
      invoice_settings: { default_payment_method: true },
      expand: 'list',
    });
    const customer = fromFixture<Stripe.Customer>('customer', {
      id: randomId('cus', 14),
      created: state.now(),
      currency: null,
      discount: null,
      email: read.string('email', { maxLength: 512 }) ?? null,
      name: read.string('name', { maxLength: 256 }) ?? null,
      description: read.string('description') ?? null,
      metadata: read.metadata() ?? {},
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      shipping: null,
    });
    state.customers.set(customer.id, customer);
    const paymentMethod = read.string('payment_method');
    if (paymentMethod) attach(resolvePaymentMethod(paymentMethod, 'payment_method'), customer.id);
    const defaultMethod = read.string('invoice_settings.default_payment_method');
    if (defaultMethod) {
      const method = state.paymentMethods.get(defaultMethod);
      if (!method || method.customer !== customer.id) {
        throw invalidRequest(`No such PaymentMethod: '${defaultMethod}'`, {
          param: 'invoice_settings[default_payment_method]',
          code: 'resource_missing',
        });
      }
      customer.invoice_settings.default_payment_method = defaultMethod;
    }
    state.emit('customer.created', customer);
    return customer;
  }

  // ---- payment methods ------------------------------------------------------------------------------------

  function newPaymentMethod(card: TestCard, metadata: Record<string, string> = {}): Stripe.PaymentMethod {
    const sample = fromFixture<Stripe.PaymentMethod>('payment_method', {});
    const method = fromFixture<Stripe.PaymentMethod>('payment_method', {
      id: randomId('pm'),
      created: state.now(),
      customer: null,
      metadata,
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
        tax_id: null,
      },
      card: {
        ...sample.card!,
        brand: card.brand,
        display_brand: card.brand,
        last4: card.last4,
        funding: card.funding,
        country: card.country ?? 'US',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: randomBytes(8).toString('hex'),
        networks: { available: [card.brand], preferred: null },
        wallet: null,
        generated_from: null,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      },
    });
    state.paymentMethods.set(method.id, method);
    state.paymentMethodState.set(method.id, { card, consumed: false, setUpForOffSession: false });
    return method;
  }

  /**
   * A Link payment method (what the Payment Element makes when the Dashboard enables Link and the supporter pays with
   * it): no card details on the object. It pays like the visa test card behind it, where the intent allows `link`.
   */
  function newLinkPaymentMethod(email: string | null, metadata: Record<string, string> = {}): Stripe.PaymentMethod {
    const method = fromFixture<Stripe.PaymentMethod>('payment_method', {
      id: randomId('pm'),
      type: 'link',
      created: state.now(),
      customer: null,
      metadata,
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email,
        name: null,
        phone: null,
        tax_id: null,
      },
      link: { email },
    });
    delete (method as Partial<Stripe.PaymentMethod>).card;
    state.paymentMethods.set(method.id, method);
    state.paymentMethodState.set(method.id, { card: testCards.visa!, consumed: false, setUpForOffSession: false });
    return method;
  }

  /** A payment method id, or one of Stripe's test references (`pm_card_visa`), which makes a new one as Stripe does. */
  function resolvePaymentMethod(reference: string, param: string): Stripe.PaymentMethod {
    const existing = state.paymentMethods.get(reference);
    if (existing) return existing;
    const test = testCardFor(reference);
    if (test && reference.startsWith('pm_card_')) return newPaymentMethod(test.card);
    throw noSuch('PaymentMethod', reference, param);
  }

  function createPaymentMethod({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      type: true,
      card: { token: true, number: true, exp_month: true, exp_year: true, cvc: true },
      billing_details: { email: true, name: true },
      metadata: 'map',
      expand: 'list',
    });
    const type = read.oneOf('type', ['card', 'link'] as const, { required: true });
    if (type === 'link') return newLinkPaymentMethod(read.string('billing_details.email') ?? null, read.metadata());
    if (read.has('card.number')) {
      // What Stripe answers an account without raw card data access: card numbers belong in Stripe's own fields.
      throw invalidRequest(
        'Sending credit card numbers directly to the Stripe API is generally unsafe. To continue processing use Stripe.js, the Stripe mobile bindings, or Stripe Elements.',
        { param: 'card[number]' },
      );
    }
    const token = read.string('card.token', { required: true });
    const test = token.startsWith('tok_') ? testCardFor(token) : undefined;
    if (!test) throw invalidRequest(`No such token: '${token}'`, { param: 'card[token]', code: 'resource_missing' });
    const method = newPaymentMethod(test.card, read.metadata());
    method.billing_details.email = read.string('billing_details.email') ?? null;
    method.billing_details.name = read.string('billing_details.name') ?? null;
    return method;
  }

  function cardError(
    method: Stripe.PaymentMethod,
    decline: { code: string; decline_code?: string; message: string; param?: string },
  ) {
    return new StandInError(402, {
      type: 'card_error',
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      doc_url: docUrl(decline.code),
      message: decline.message,
      ...(decline.param ? { param: decline.param } : {}),
      payment_method: structuredClone(method),
    });
  }

  function attach(method: Stripe.PaymentMethod, customerId: string) {
    const methodState = state.paymentMethodState.get(method.id)!;
    if (methodState.consumed) throw consumedError();
    if (method.customer && method.customer !== customerId) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        param: 'payment_method',
      });
    }
    if (methodState.card.declinesOnAttach && methodState.card.decline)
      throw cardError(method, methodState.card.decline);
    if (method.customer === customerId) return method;
    method.customer = customerId;
    state.emit('payment_method.attached', method);
    return method;
  }

  function consumedError() {
    return invalidRequest(
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      { param: 'payment_method' },
    );
  }

  function listPaymentMethods({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { type: true, limit: true, expand: 'list' });
    getCustomer(ids[0]!, 'customer', 404);
    const found = [...state.paymentMethods.values()].filter((method) => method.customer === ids[0]).reverse();
    return list(found.slice(0, read.integer('limit', { min: 1 }) ?? 10), `/v1/customers/${ids[0]}/payment_methods`);
  }

  function attachPaymentMethod({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { customer: true, expand: 'list' });
    const customer = getCustomer(read.string('customer', { required: true }), 'customer');
    return attach(resolvePaymentMethod(ids[0]!, 'payment_method'), customer.id);
  }

  function detachPaymentMethod({ params, ids }: ApiRequest) {
    rejectUnknownParams(params, { expand: 'list' });
    const method = state.paymentMethods.get(ids[0]!);
    if (!method) throw noSuch('PaymentMethod', ids[0]!, 'payment_method', 404);
    if (!method.customer)
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        { param: 'payment_method' },
      );
    const previous = { customer: method.customer };
    method.customer = null;
    // A detached payment method cannot be used again, as on Stripe.
    state.paymentMethodState.get(method.id)!.consumed = true;
    state.emit('payment_method.detached', method, { previous });
    return method;
  }

  return {
    getCustomer,
    createCustomer,
    newPaymentMethod,
    resolvePaymentMethod,
    createPaymentMethod,
    cardError,
    attach,
    consumedError,
    listPaymentMethods,
    attachPaymentMethod,
    detachPaymentMethod,
  };
}

export type CustomersResource = ReturnType<typeof customersResource>;
