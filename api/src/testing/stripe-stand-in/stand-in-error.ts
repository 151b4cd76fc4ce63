/*
 * Errors shaped like Stripe's (https://docs.stripe.com/api/errors): the body is `{ error: {...} }` and the HTTP
 * status is what decides which class the SDK throws (400/404 invalid request, 401 authentication, 402 card error,
 * 409 idempotency conflict), so both must match for an adapter's error handling to be tested honestly.
 */

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
}

export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StandInError';
  }
}

export function docUrl(code: string): string {
  return `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;
}

export function invalidRequest(message: string, options: { param?: string; code?: string; status?: number } = {}) {
  return new StandInError(options.status ?? 400, {
    type: 'invalid_request_error',
    message,
    ...(options.code ? { code: options.code, doc_url: docUrl(options.code) } : {}),
    ...(options.param ? { param: options.param } : {}),
  });
}

/** Stripe's wording for a missing object: 404 when it is the object asked for, 400 when a parameter names it. */
export function noSuch(kind: string, id: string, param: string, status: 400 | 404 = 400) {
  return invalidRequest(`No such ${kind}: '${id}'`, { param, code: 'resource_missing', status });
}

export function unexpectedState(message: string) {
  return invalidRequest(message, { code: 'payment_intent_unexpected_state' });
}
