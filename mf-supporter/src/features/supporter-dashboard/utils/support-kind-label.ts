interface KindOf {
  isRecurring: boolean;
  isRenewal: boolean;
}

/** How a support reads in lists and receipts. */
export function supportKindLabel({ isRecurring, isRenewal }: KindOf): string {
  if (isRenewal) return 'Monthly renewal';
  return isRecurring ? 'Monthly' : 'One-off';
}
