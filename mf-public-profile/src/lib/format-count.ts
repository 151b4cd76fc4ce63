const COUNT = new Intl.NumberFormat('en-US');

/** "12,400": counts of people, with thousands separators. */
export function formatNumber(count: number): string {
  return COUNT.format(count);
}
