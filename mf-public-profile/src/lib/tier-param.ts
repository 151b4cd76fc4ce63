/** `?tier=2` -> 2; anything else -> null. Read by the profile (a tier chosen by link) and the checkout. */
export function parseTierParam(value: string | null): number | null {
  if (value === null || !/^\d$/.test(value)) return null;
  return Number(value);
}
