import { z } from 'zod';

/**
 * What the site's payment provider can do, as the pages need it (the API's `PaymentProvider.capabilities`): pages
 * decide by these, never by the provider's name.
 */
export const paymentCapabilitiesSchema = z.object({
  /** Which card field takes the card: the sandbox's frame, or Stripe's Payment Element (Stripe.js). */
  cardField: z.enum(['sandbox-frame', 'stripe-elements']),
  /** The provider pays creators through an account of theirs that must be connected (Stripe Connect). */
  connectedAccounts: z.boolean(),
});

export type PaymentCapabilities = z.infer<typeof paymentCapabilitiesSchema>;
