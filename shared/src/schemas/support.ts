import { z } from 'zod';
import {
  DEFAULT_SUPPORT_AMOUNT_DOLLARS,
  MAX_SINGLE_SUPPORT_DOLLARS,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SUPPORT_AMOUNT_MIN_DOLLARS,
} from '@beabro/shared/data/defaults';
import { currencyRules, formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import { AUTH_MESSAGES, emailSchema } from '@beabro/shared/schemas/auth';
import { dollarAmountSchema } from '@beabro/shared/schemas/dollar-amount';
import type { SupportPayload } from '@beabro/shared/types/entities';

/** The amount's messages in the creator's currency ("at least £1"); SUPPORT_MESSAGES has them in US dollars. */
export function supportAmountMessages(currency: Currency) {
  const money = (cents: number) => formatMoney(cents, currency, { whole: true });
  const unit = currencyRules(currency).unit;
  return {
    amountRequired: `Enter an amount of at least ${money(dollarsToCents(SUPPORT_AMOUNT_MIN_DOLLARS))}`,
    amountWhole: `Amount must be a whole number of ${unit}`,
    amountNotNumber: `Enter the amount as a number of ${unit}, for example 12`,
    amountTooSmall: `Amount must be at least ${money(dollarsToCents(SUPPORT_AMOUNT_MIN_DOLLARS))}`,
    amountTooLarge: `The maximum single support is ${money(dollarsToCents(MAX_SINGLE_SUPPORT_DOLLARS))}`,
  };
}

/** Support page messages (docs/product-rules.md#checkout); the email messages are the sign-in ones. */
export const SUPPORT_MESSAGES = {
  amountRequired: 'Enter an amount of at least $1',
  amountWhole: 'Amount must be a whole number of dollars',
  amountNotNumber: 'Enter the amount as a number of dollars, for example 12',
  amountTooSmall: 'Amount must be at least $1',
  amountTooLarge: `The maximum single support is $${MAX_SINGLE_SUPPORT_DOLLARS.toLocaleString('en-US')}`,
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  wallNeedsName: 'Add your name to appear on the supporter wall',
  wallNotAnonymous: 'Anonymous supporters are not shown on the wall: untick one of the two',
} as const;

/** The name the payload carries when the supporter ticks "anonymous" (docs/product-rules.md#supporter-details). */
export const ANONYMOUS_SUPPORTER_NAME = 'Anonymous';

export const supportAmountSchema = dollarAmountSchema(
  { min: SUPPORT_AMOUNT_MIN_DOLLARS, max: MAX_SINGLE_SUPPORT_DOLLARS },
  {
    required: SUPPORT_MESSAGES.amountRequired,
    whole: SUPPORT_MESSAGES.amountWhole,
    tooSmall: SUPPORT_MESSAGES.amountTooSmall,
    tooLarge: SUPPORT_MESSAGES.amountTooLarge,
  },
);

/** The support amount in whole units of the creator's currency, with its messages in that currency. */
export function supportAmountSchemaIn(currency: Currency) {
  const messages = supportAmountMessages(currency);
  return dollarAmountSchema(
    { min: SUPPORT_AMOUNT_MIN_DOLLARS, max: MAX_SINGLE_SUPPORT_DOLLARS },
    {
      required: messages.amountRequired,
      whole: messages.amountWhole,
      tooSmall: messages.amountTooSmall,
      tooLarge: messages.amountTooLarge,
    },
  );
}

/** The support page form (amount in whole dollars). */
export const supportSchema = z.object({
  amount: supportAmountSchema.default(DEFAULT_SUPPORT_AMOUNT_DOLLARS),
  email: emailSchema,
  name: z
    .string({ error: SUPPORT_MESSAGES.nameTooLong })
    .trim()
    .max(NAME_MAX_LENGTH, { error: SUPPORT_MESSAGES.nameTooLong })
    .default(''),
  // The limit applies to the raw text, matching the "n/200" counter; surrounding spaces are dropped after.
  message: z
    .string({ error: SUPPORT_MESSAGES.messageTooLong })
    .max(MESSAGE_MAX_LENGTH, { error: SUPPORT_MESSAGES.messageTooLong })
    .trim()
    .default(''),
  isAnonymous: z.boolean().default(false),
  isRecurring: z.boolean().default(false),
  /** "Show me on the supporter wall": off unless chosen; never with an anonymous support. */
  showOnWall: z.boolean().default(false),
});

/** The wall's rules across fields (the name it shows; never anonymous), for any schema built on supportSchema. */
export function checkWallChoice(
  values: { showOnWall: boolean; isAnonymous: boolean; name: string },
  ctx: z.RefinementCtx,
): void {
  if (!values.showOnWall) return;
  if (values.isAnonymous)
    ctx.addIssue({ code: 'custom', path: ['showOnWall'], message: SUPPORT_MESSAGES.wallNotAnonymous });
  else if (values.name.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['name'], message: SUPPORT_MESSAGES.wallNeedsName });
}

export type SupportValues = z.output<typeof supportSchema>;

/** Parsed form values to what the support page submits for `creatorUsername`. */
export function toSupportPayload(values: SupportValues, creatorUsername: string): SupportPayload {
  return {
    amountCents: dollarsToCents(values.amount),
    isRecurring: values.isRecurring,
    supporterName: values.isAnonymous ? ANONYMOUS_SUPPORTER_NAME : values.name || null,
    supporterEmail: values.email,
    message: values.message,
    creatorUsername,
  };
}
