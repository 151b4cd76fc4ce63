import { z } from 'zod';
import { paymentCapabilitiesSchema } from '@beabro/shared/api-schemas/payment-capabilities';

/** GET /api/creator/payout-account: the creator's account at the payment provider (Stripe Connect) and its payouts. */
export const payoutAccountResponseSchema = z.object({
  /** What the provider can do: with `connectedAccounts`, creators are paid through an account they must connect. */
  capabilities: paymentCapabilitiesSchema,
  /**
   * How Stripe pays this creator (shared/src/data/payout-terms.ts): the currency of their bank payouts, Stripe's service
   * agreement, and whether the payouts are cross-border (Australia). Null with the sandbox, or without a payout
   * country payouts reach.
   */
  payoutTerms: z
    .object({
      country: z.enum(['US', 'CA', 'GB', 'AU']),
      payoutCurrency: z.enum(['usd', 'cad', 'gbp', 'aud']),
      serviceAgreement: z.enum(['full', 'recipient']),
      crossBorder: z.boolean(),
    })
    .nullable(),
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
});

/** POST /api/creator/payout-account/onboarding-link: Stripe's single-use onboarding page. */
export const payoutOnboardingLinkSchema = z.object({ url: z.url() });

export type PayoutAccountResponse = z.infer<typeof payoutAccountResponseSchema>;
