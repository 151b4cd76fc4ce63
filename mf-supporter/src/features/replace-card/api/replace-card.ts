import { apiRequest } from '@beabro/shared/api/api-client';
import {
  cardChangeResponseSchema,
  cardSetupStartResponseSchema,
  renewalConfirmResultSchema,
  type CardChangeResponse,
  type CardSetupStart,
  type RenewalConfirmResult,
} from '@beabro/shared/api-schemas/subscriptions';

/**
 * Replacing a monthly support's card, signed in (`{ id }`) or with the signed link of a receipt (`{ token }`): start a
 * card setup at the provider, then, once its card field saved the card, keep it (a renewal being retried is charged).
 */
export type CardChangeTarget = { id: string } | { token: string };

export async function startCardChange(target: CardChangeTarget): Promise<CardSetupStart> {
  const response =
    'id' in target
      ? await apiRequest<unknown>(`/subscriptions/${encodeURIComponent(target.id)}/card`, { method: 'POST' })
      : await apiRequest<unknown>('/subscriptions/card-by-link', {
          method: 'POST',
          body: JSON.stringify({ token: target.token }),
        });
  return cardSetupStartResponseSchema.parse(response).setup;
}

export async function completeCardChange(target: CardChangeTarget, setupId: string): Promise<CardChangeResponse> {
  const response =
    'id' in target
      ? await apiRequest<unknown>(`/subscriptions/${encodeURIComponent(target.id)}/card/complete`, {
          method: 'POST',
          body: JSON.stringify({ setupId }),
        })
      : await apiRequest<unknown>('/subscriptions/card-by-link/complete', {
          method: 'POST',
          body: JSON.stringify({ token: target.token, setupId }),
        });
  return cardChangeResponseSchema.parse(response);
}

/** The retry's bank challenge answered in the page: the API reads the outcome from the provider and records it. */
export async function confirmRetriedRenewal(confirmToken: string): Promise<RenewalConfirmResult> {
  const response = await apiRequest<unknown>('/subscriptions/confirm', {
    method: 'POST',
    body: JSON.stringify({ token: confirmToken }),
  });
  return renewalConfirmResultSchema.parse(response);
}
