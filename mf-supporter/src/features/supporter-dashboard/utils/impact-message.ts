interface ImpactSupport {
  creatorDisplayName: string;
  creatorUsername: string;
  creatorNetCents: number;
  currency: Currency;
}

/** "A", "A and B", "A, B and C", "A, B and 3 others". */
export function listNames(names: readonly string[], max = 3): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > max) return `${names.slice(0, max - 1).join(', ')} and ${names.length - (max - 1)} others`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The overview's impact line, from the supporter's own ledger: how much of what they gave reached
 * creators after fees, and whom it reached. Null when there is nothing to tell yet.
 */
export function impactMessage(history: readonly ImpactSupport[], activeMonthly: readonly string[]): string | null {
  if (history.length === 0) return null;
  const names: string[] = [];
  const seen = new Set<string>();
  // Per currency: amounts of two currencies are never added together.
  const netCents = new Map<Currency, number>();
  for (const support of history) {
    netCents.set(support.currency, (netCents.get(support.currency) ?? 0) + support.creatorNetCents);
    if (!seen.has(support.creatorUsername)) {
      seen.add(support.creatorUsername);
      names.push(support.creatorDisplayName);
    }
  }
  const who = seen.size === 1 ? names[0] : `${seen.size} mission builders: ${listNames(names)}`;
  const amounts = [...netCents].map(([currency, cents]) => formatMoney(cents, currency));
  const first = `${listNames(amounts, amounts.length)} of your support went straight to ${who}.`;
  if (activeMonthly.length === 0) return `${first} Every bro counts: thank you for backing people who build.`;
  return `${first} Your monthly support keeps ${listNames(activeMonthly)} going, month after month.`;
}
import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
