// The operator console's and the Report dialog's fixed words and reasons, without zod (the shell and public pages
// import them; the contract, shared/src/api-schemas/operator.ts, re-exports them).

export const OPERATOR_TWO_FACTOR_MESSAGE =
  'The operator console needs two-factor sign-in. Turn on two-factor authentication in Settings, then sign in again.';
export const OPERATOR_ONLY_MESSAGE = 'Only operators can open the operator console.';

/** Why a visitor reports a creator page or a post. */
export const REPORT_REASONS = [
  'spam',
  'scam_or_fraud',
  'impersonation',
  'hate_or_harassment',
  'adult_content',
  'other',
] as const;
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam',
  scam_or_fraud: 'Scam or fraud',
  impersonation: 'Pretends to be someone else',
  hate_or_harassment: 'Hate or harassment',
  adult_content: 'Adult content',
  other: 'Something else',
};
export const REPORT_MESSAGE_MAX = 1000;

export const REPORT_RECEIVED_MESSAGE = 'Thank you. Our team will look at it.';
