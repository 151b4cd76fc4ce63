import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { csrf } from './csrf';

/** The sandbox provider's card field on the support page (a frame of its own: the page never holds the card). */
export function cardFrame(page: Page | FrameLocator): FrameLocator {
  return page.frameLocator('iframe[title^="Card details"]');
}

/** Types a test card into the sandbox's card frame (any future expiry, any CVC). */
export async function fillSandboxCard(page: Page | FrameLocator, card = '4242 4242 4242 4242') {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await frame.getByLabel('CVC').fill(card.startsWith('3') ? '1234' : '123');
}

/**
 * A support paid through the real flow without a browser: start the checkout (no card), confirm the
 * intent where the card frame would (the sandbox's own routes), then report the completion. Returns the
 * receipt.
 */
export async function payThroughSandbox(
  request: APIRequestContext,
  username: string,
  body: Record<string, unknown>,
  card = '4242 4242 4242 4242',
): Promise<{ supportId: string; subscriptionId: string | null }> {
  const started = await request.post(`/api/creators/${username}/supports`, { headers: csrf, data: body });
  expect(started.status(), await started.text()).toBe(200);
  const { payment } = (await started.json()) as { payment: { intentId: string; clientSecret: string } };
  const tokenized = await request.post('/sandbox-pay/v1/payment-methods', {
    data: { card: { number: card, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' } },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(200);
  const method = ((await tokenized.json()) as { paymentMethod: { id: string } }).paymentMethod.id;
  const confirmed = await request.post(`/sandbox-pay/v1/intents/${payment.intentId}/confirm`, {
    data: { clientSecret: payment.clientSecret, paymentMethod: method },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const completed = await request.post(`/api/payments/intents/${payment.intentId}/complete`, {
    headers: csrf,
    data: { clientSecret: payment.clientSecret },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return ((await completed.json()) as { receipt: { supportId: string; subscriptionId: string | null } }).receipt;
}
