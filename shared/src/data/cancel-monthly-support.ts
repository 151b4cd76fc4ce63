/**
 * Where monthly support is cancelled, said the same way on the support page, its trust section and the
 * thank-you banner: signed in, from My Missions in the supporter dashboard; anyone (a guest has no
 * account), with the link in the receipt email. There is nothing to cancel in account settings.
 */
export const CANCEL_MONTHLY_SUPPORT_COPY = {
  /** Under the Monthly checkbox (not "from your account settings": there is nothing to cancel there). */
  note: 'You can cancel anytime: from My Missions in your supporter dashboard, or with the link in your receipt email.',
  /** The "Cancel Anytime" trust block. */
  trust: 'Monthly support has no commitment: cancel anytime from My Missions in your supporter dashboard, or with the link in your receipt email (no account needed).',
  /** Thank-you banner, signed in. */
  activeSignedIn: 'Your monthly support is active. You can cancel anytime from My Missions in your supporter dashboard, or with the link in your receipt email.',
  /** Thank-you banner, as a guest. */
  activeGuest: 'Your monthly support is active. You can cancel anytime with the link in your receipt email; no account needed.',
} as const;
