import { apiRequest } from '@beabro/shared/api/api-client';
import {
  checkoutResponseSchema,
  checkoutStartResponseSchema,
  paymentPendingSchema,
  type CheckoutReceipt,
  type CheckoutRequest,
  type CheckoutStartResponse,
} from '@beabro/shared/api-schemas/checkout';

/**
 * Starts the support page's checkout: the payment intent to confirm in the provider's card field, or
 * the receipt when this attempt (same `idempotencyKey`) was already paid. Keep one key per attempt and
 * send the same body again after a network failure: the server answers with the same intent.
 * Throws `ApiError`: 400 with field messages, 404 for an unknown creator, 409 while the same attempt is
 * still starting, 429 when rate limited.
 */
export async function createSupport(username: string, body: CheckoutRequest): Promise<CheckoutStartResponse> {
  const response = await apiRequest<unknown>(`/creators/${encodeURIComponent(username)}/supports`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return checkoutStartResponseSchema.parse(response);
}

/**
 * After the card field confirmed: the API reads the outcome from the provider. The receipt, or
 * `{ pending: status }` while the bank's check or the payment is still under way. Throws `ApiError`
 * 402 with the provider's reason (`fieldErrors.card`).
 */
export async function completePayment(
  intentId: string,
  clientSecret: string,
): Promise<{ receipt: CheckoutReceipt } | { pending: string }> {
  const response = await apiRequest<unknown>(`/payments/intents/${encodeURIComponent(intentId)}/complete`, {
    method: 'POST',
    body: JSON.stringify({ clientSecret }),
  });
  const paid = checkoutResponseSchema.safeParse(response);
  if (paid.success) return { receipt: paid.data.receipt };
  return { pending: paymentPendingSchema.parse(response).status };
}
