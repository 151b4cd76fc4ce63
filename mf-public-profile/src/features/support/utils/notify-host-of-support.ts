import type { CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';
import type { EmbedSupportMessage } from '@beabro/shared/embed/embed-options';

/**
 * Tells the page that embedded this checkout (through /embed.js) that a support went through. Posted to the
 * host origin the script passed and nowhere else, and only what the host may know: no email, no card.
 */
export function notifyHostOfSupport(receipt: CheckoutReceipt, hostOrigin: string | null): void {
  if (!hostOrigin || window.parent === window) return;
  const message: EmbedSupportMessage = {
    source: 'beabro',
    type: 'support',
    supportId: receipt.supportId,
    creatorUsername: receipt.creatorUsername,
    amountCents: receipt.amountCents,
    isRecurring: receipt.isRecurring,
  };
  window.parent.postMessage(message, hostOrigin);
}
