/** Providers that ignore dots in the local part (and deliver googlemail.com to gmail.com). */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an address delivers to, for counting per mailbox (a cap on emails to one person):
 * lower case, without a `+tag` (sub-addressing, which most providers deliver to the same inbox), and
 * for Gmail without dots. Never an address to send to.
 */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}
