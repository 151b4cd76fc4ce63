import type { CancelLinkAction, SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

// UTC, so the server's HTML and the browser's first render agree (periods are counted in UTC days).
const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "November 21, 2026". */
export function longDate(iso: string): string {
  return LONG_DATE.format(new Date(iso));
}

/** Which buttons the page offers for a support in this state. */
export function actionsFor(subscription: SubscriptionDto): Record<CancelLinkAction, boolean> {
  const ended =
    subscription.status === 'canceled' || subscription.status === 'lapsed' || subscription.cancelAtPeriodEnd;
  return {
    resume: subscription.status === 'paused',
    pause: subscription.status === 'active' && !subscription.cancelAtPeriodEnd,
    cancel: !ended,
  };
}

/** What was done, in words, once an action has been answered (or the page's form came back with `done`). */
export function outcomeOf(action: CancelLinkAction, subscription: SubscriptionDto): string {
  if (action === 'cancel')
    return `Your monthly support is cancelled.${subscription.endsAt ? ` It ends on ${longDate(subscription.endsAt)}, with no further charge.` : ''}`;
  if (action === 'pause') {
    const until = subscription.pausedUntil
      ? ` until ${longDate(subscription.pausedUntil)}, when it resumes by itself`
      : ' until you resume it';
    return `Your monthly support is paused${until}. Nothing is charged meanwhile.`;
  }
  return `Your monthly support is running again.${subscription.nextChargeAt ? ` The next charge is on ${longDate(subscription.nextChargeAt)}.` : ''}`;
}

/** Whether the support is now as `action` leaves it (a `?done=` in the address says nothing otherwise). */
export function isOutcomeOf(action: CancelLinkAction, subscription: SubscriptionDto): boolean {
  if (action === 'cancel') return subscription.status === 'canceled' || subscription.cancelAtPeriodEnd;
  if (action === 'pause') return subscription.status === 'paused';
  return subscription.status === 'active' && !subscription.cancelAtPeriodEnd;
}
