import { z } from 'zod';

/** GET /api/creator/payout-account: the creator's account at the payment provider (Stripe Connect) and its payouts. */
export const payoutAccountResponseSchema = z.object({
  provider: z.string(),
  /** The provider pays creators through an account of theirs that must be connected (Stripe). */
  connectionRequired: z.boolean(),
  account: z
    .object({
      country: z.string(),
      detailsSubmitted: z.boolean(),
      chargesEnabled: z.boolean(),
      payoutsEnabled: z.boolean(),
      canReceiveSupport: z.boolean(),
      requirementsDue: z.array(z.string()),
      disabledReason: z.string().nullable(),
    })
    .nullable(),
  providerPayouts: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      arrivalDate: z.string().nullable(),
      failureCode: z.string().nullable(),
      failureMessage: z.string().nullable(),
    }),
  ),
});

/** POST /api/creator/payout-account/onboarding-link: Stripe's single-use onboarding page. */
export const payoutOnboardingLinkSchema = z.object({ url: z.url() });

export type PayoutAccountResponse = z.infer<typeof payoutAccountResponseSchema>;
