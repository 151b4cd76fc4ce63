/**
 * Forms collect whole dollars (docs/product-rules.md#amounts-are-whole-dollars) while entities and the API store cents.
 * Rounds to the nearest cent so a decimal input like 10.15 (stored as 10.1499...) still maps to 1015.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`dollars must be a finite number, got ${String(dollars)}`);
  const cents = Math.round(dollars * 100);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`dollars is too large: ${String(dollars)}`);
  return cents;
}

/** Cents to dollars for form inputs and charts; display text should use formatMoney (with the currency) instead. */
export function centsToDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a whole number, got ${String(cents)}`);
  return cents / 100;
}
