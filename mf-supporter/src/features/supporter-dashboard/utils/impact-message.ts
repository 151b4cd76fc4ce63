import { formatUsd } from '@beabro/shared/money/fees';

interface ImpactSupport {
  creatorDisplayName: string;
  creatorUsername: string;
  creatorNetCents: number;
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
  let netCents = 0;
  for (const support of history) {
    netCents += support.creatorNetCents;
    if (!seen.has(support.creatorUsername)) {
      seen.add(support.creatorUsername);
      names.push(support.creatorDisplayName);
    }
  }
  const who = seen.size === 1 ? names[0] : `${seen.size} mission builders: ${listNames(names)}`;
  const first = `${formatUsd(netCents)} of your support went straight to ${who}.`;
  if (activeMonthly.length === 0) return `${first} Every bro counts: thank you for backing people who build.`;
  return `${first} Your monthly support keeps ${listNames(activeMonthly)} going, month after month.`;
}
