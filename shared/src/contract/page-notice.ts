/**
 * A one-time message for the page a remote sends someone to (react-router navigation state), shown by the
 * shell above that page, e.g. after deleting an account, on the home page. Only these keys are shown, so
 * history state cannot put arbitrary text on a page.
 */
export const PAGE_NOTICES = {
  'account-deleted':
    'Your account has been deleted and you have been signed out everywhere. Thank you for being part of Be a Bro.',
} as const;

export type PageNoticeKey = keyof typeof PAGE_NOTICES;

/** The `state` to navigate with: `navigate(path, { state: pageNoticeState('account-deleted') })`. */
export function pageNoticeState(notice: PageNoticeKey): { notice: PageNoticeKey } {
  return { notice };
}

/** The notice a location's state asks for, or null. */
export function pageNoticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const key = (state as { notice: unknown }).notice;
  return typeof key === 'string' && Object.hasOwn(PAGE_NOTICES, key) ? PAGE_NOTICES[key as PageNoticeKey] : null;
}
