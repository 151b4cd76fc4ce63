import type { CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';

/*
 * The receipt of the last support made in this tab, kept so the profile can thank the supporter with
 * the details after the redirect (to /{username}?supported=true). sessionStorage: it belongs to this
 * tab only and is gone when the tab closes. Storage can be unavailable (privacy modes), so every access
 * is guarded and a missing receipt only means a shorter thank-you.
 */

export const LAST_RECEIPT_KEY = 'beabro:last-support-receipt';

export function saveLastReceipt(receipt: CheckoutReceipt): void {
  try {
    window.sessionStorage.setItem(LAST_RECEIPT_KEY, JSON.stringify(receipt));
  } catch {
    // Storage full or disabled: the thank-you falls back to a plain message.
  }
}

/**
 * The last receipt of this tab when it was for `username`, else null. The schema that checks it is loaded
 * only when there is a receipt to check, so the profile page itself ships no zod.
 */
export async function readLastReceipt(username: string): Promise<CheckoutReceipt | null> {
  try {
    const raw = window.sessionStorage.getItem(LAST_RECEIPT_KEY);
    if (!raw) return null;
    const { checkoutReceiptSchema } = await import('@beabro/shared/api-schemas/checkout');
    const parsed = checkoutReceiptSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.creatorUsername.toLowerCase() === username.toLowerCase() ? parsed.data : null;
  } catch {
    return null;
  }
}
