import type { FormObject, ParamReader } from './form-params';
import { invalidRequest } from './stand-in-error';

/*
 * Which payment method types an intent takes, as API version 2026-10-28 decides it: `payment_method_types` is no
 * longer writable, `allowed_payment_method_types` restricts the intent to a list and excludes
 * `automatic_payment_methods`; without it the intent takes what the Dashboard enables (here: cards and Link).
 */

/** The types the stand-in's Dashboard enables. */
const dashboardTypes = ['card', 'link'] as const;
type MethodType = (typeof dashboardTypes)[number];

export interface MethodTypes {
  /** `allowed_payment_method_types` as given, or null. */
  allowed: MethodType[] | null;
  /** What the intent takes (its read-only `payment_method_types`). */
  effective: MethodType[];
}

export function readPaymentMethodTypes(params: FormObject, read: ParamReader): MethodTypes {
  if ('payment_method_types' in params) {
    throw invalidRequest(
      'The `payment_method_types` parameter is no longer supported on this API version. Use `allowed_payment_method_types` or `excluded_payment_method_types` instead.',
      { param: 'payment_method_types', code: 'payment_method_types_no_longer_supported' },
    );
  }
  const listed = read.list('allowed_payment_method_types');
  if (listed.length === 0) return { allowed: null, effective: [...dashboardTypes] };
  if ('automatic_payment_methods' in params) {
    throw invalidRequest(
      'You cannot specify both `allowed_payment_method_types` and `automatic_payment_methods`: they are mutually exclusive.',
      { param: 'allowed_payment_method_types' },
    );
  }
  const unknown = listed.find((type) => !(dashboardTypes as readonly string[]).includes(type));
  if (unknown) {
    throw invalidRequest(`The stand-in takes the payment method types ${dashboardTypes.join(', ')}, not ${unknown}.`, {
      param: 'allowed_payment_method_types',
    });
  }
  const allowed = [...new Set(listed)] as MethodType[];
  return { allowed, effective: allowed };
}

/** Stripe's refusal of a payment method whose type the intent does not take. */
export function incompatibleMethod(type: string, allowed: readonly string[], kind: 'PaymentIntent' | 'SetupIntent') {
  return invalidRequest(
    `The PaymentMethod provided (${type}) is not allowed for this ${kind}. Please attach a PaymentMethod of one of the following types: ${allowed.join(', ')}. Alternatively update the allowed payment_method_types for this ${kind} to include "${type}".`,
    kind === 'PaymentIntent'
      ? { param: 'payment_method', code: 'payment_intent_incompatible_payment_method' }
      : { param: 'payment_method' },
  );
}
