import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { MAX_SINGLE_SUPPORT_DOLLARS, SUPPORT_AMOUNT_MIN_DOLLARS } from '@beabro/shared/data/defaults';
import { ANONYMOUS_SUPPORTER_NAME, supportAmountMessages } from '@beabro/shared/schemas/support';
import type { SupportFormState } from './support-form-state';

/** The parsed request (zod output): what is sent. */
export type CheckoutBody = NonNullable<ReturnType<typeof checkoutRequestSchema.safeParse>['data']>;

/** The form's fields that can carry a message, by the name the page uses ('card': the provider's card field). */
export type FieldKey = 'amount' | 'email' | 'name' | 'message' | 'showOnWall' | 'card';
export type FieldErrors = Partial<Record<FieldKey, string>>;

export interface CheckoutCreator {
  displayName: string;
  minimumAmountCents: number;
  currency: Currency;
  acceptsMessages: boolean;
}

/** The creator's minimum, in words (the button is disabled; this says why). */
export function minimumAmountMessage(
  creator: Pick<CheckoutCreator, 'displayName' | 'minimumAmountCents' | 'currency'>,
): string {
  return `The minimum support for ${creator.displayName} is ${formatMoney(creator.minimumAmountCents, creator.currency, { whole: true })}`;
}

/**
 * Why the effective amount cannot be paid, or null. Submit is disabled whenever this says something
 * (below $1, below the creator's minimum, above the single-support cap: docs/product-rules.md#choosing-the-amount).
 */
export function amountProblem(
  state: Pick<SupportFormState, 'amount' | 'customAmount' | 'selectedTier'>,
  creator: Pick<CheckoutCreator, 'displayName' | 'minimumAmountCents' | 'currency'>,
): string | null {
  const messages = supportAmountMessages(creator.currency);
  // Whole dollars only (the API's rule): 12.5 is refused with a reason, never quietly paid as $12.
  const typed = Number(state.customAmount.trim());
  if (state.selectedTier === null && state.customAmount.trim() !== '' && !Number.isFinite(typed))
    return messages.amountNotNumber;
  if (
    state.selectedTier === null &&
    state.customAmount.trim() !== '' &&
    Number.isFinite(typed) &&
    !Number.isInteger(typed)
  )
    return messages.amountWhole;
  if (state.amount < SUPPORT_AMOUNT_MIN_DOLLARS) {
    return state.selectedTier === null && state.customAmount.trim() === ''
      ? messages.amountRequired
      : messages.amountTooSmall;
  }
  if (state.amount > MAX_SINGLE_SUPPORT_DOLLARS) return messages.amountTooLarge;
  if (state.amount * 100 < creator.minimumAmountCents) return minimumAmountMessage(creator);
  return null;
}

/** Whether the typed custom amount itself is unusable (then no amount is shown as if it would be paid). */
export function customAmountUnusable(message: string | null, currency: Currency): boolean {
  const messages = supportAmountMessages(currency);
  return message === messages.amountWhole || message === messages.amountNotNumber;
}

/** A server or schema field path to the field of the page that shows it. */
export function fieldKeyOf(path: string): FieldKey | null {
  switch (path) {
    case 'amount':
    case 'email':
    case 'name':
    case 'message':
    case 'showOnWall':
    case 'card':
      return path;
    default:
      return null;
  }
}

/** The API's `fieldErrors` placed on the page's fields; the first message per field wins. */
export function toFieldErrors(serverErrors: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(serverErrors)) {
    const key = fieldKeyOf(path);
    if (key && !errors[key]) errors[key] = message;
  }
  return errors;
}

/** `formError`: a problem no field shows (should not happen: only the page-made idempotency key is left). */
export type BuildResult =
  { ok: true; body: CheckoutBody } | { ok: false; fieldErrors: FieldErrors; formError: string | null };

/**
 * The checkout request of the form as it stands, checked with the shared contract schema (the card is
 * not part of it: it is typed into the provider's own field). The name is sent as "Anonymous"
 * when the supporter ticked anonymous; the message only when the creator accepts messages
 * (docs/product-rules.md#supporter-details).
 */
export function buildCheckoutRequest(
  state: SupportFormState,
  creator: CheckoutCreator,
  idempotencyKey: string,
): BuildResult {
  const parsed = checkoutRequestSchema.safeParse({
    amount: state.amount,
    email: state.email,
    name: state.isAnonymous ? ANONYMOUS_SUPPORTER_NAME : state.name,
    message: creator.acceptsMessages ? state.message : '',
    isAnonymous: state.isAnonymous,
    isRecurring: state.isRecurring,
    showOnWall: state.showOnWall,
    tierPosition: state.selectedTier,
    idempotencyKey,
  });

  const fieldErrors: FieldErrors = {};
  let formError: string | null = null;
  const amountMessage = amountProblem(state, creator);
  if (amountMessage) fieldErrors.amount = amountMessage;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = fieldKeyOf(issue.path.join('.'));
      if (!key) formError ??= issue.message;
      else if (!fieldErrors[key]) fieldErrors[key] = issue.message;
    }
  }

  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors, formError };
  return { ok: true, body: parsed.data };
}
