import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';

/** The events a creator's endpoint can subscribe to, in the order the settings form lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'support.created',
  'support.refunded',
  'subscription.created',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
  'subscription.updated',
  'subscription.canceled',
  'payout.paid',
  'dispute.created',
  'dispute.closed',
  'post.published',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent by "Send test event" only, to one endpoint, whatever events it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'support.created': 'A supporter paid (one-off, first month or renewal)',
  'support.refunded': 'A support was refunded',
  'subscription.created': 'A monthly support started',
  'subscription.past_due': 'A monthly renewal could not be charged and will be retried',
  'subscription.paused': 'A monthly support was paused',
  'subscription.resumed': 'A paused monthly support runs again',
  'subscription.updated': 'A supporter changed the amount, tier or card of their monthly support',
  'subscription.canceled': 'A monthly support was cancelled or lapsed',
  'payout.paid': 'A payout was sent',
  'dispute.created': 'A supporter disputed a payment with their bank',
  'dispute.closed': 'A dispute was closed (won or lost)',
  'post.published': 'A post of yours was published',
};

export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the URL of your endpoint',
  urlInvalid: 'Enter a full URL starting with https://',
  urlTooLong: `Keep the URL under ${WEBHOOK_URL_MAX_LENGTH} characters`,
  urlNotHttps: 'Use an https:// URL',
  urlCredentials: 'Leave the user name and password out of the URL',
  urlPrivate: 'This URL points to a private, local or reserved address. Use a public https:// endpoint.',
  urlUnresolvable: 'We could not find this host. Check the URL.',
  descriptionTooLong: `Keep the description under ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event',
  tooManyEndpoints: `You can add up to ${WEBHOOK_MAX_ENDPOINTS} endpoints. Delete one to add another.`,
  notFound: 'Webhook endpoint not found',
  creatorOnly: 'Webhooks are for creators. Create your mission page first.',
  disabledTest: 'This endpoint is turned off. Turn it on before sending a test event.',
} as const;

/** Only the shape here; whether the address is public is checked by the API (it resolves the host). */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.urlRequired })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: WEBHOOK_MESSAGES.urlTooLong })
  .refine((value) => /^https?:\/\/[^\s/?#]+/i.test(value) && URL.canParse(value), {
    error: WEBHOOK_MESSAGES.urlInvalid,
  });

export const webhookDescriptionSchema = z
  .string({ error: WEBHOOK_MESSAGES.descriptionTooLong })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, { error: WEBHOOK_MESSAGES.descriptionTooLong });

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, { error: WEBHOOK_MESSAGES.eventsRequired })
  .max(WEBHOOK_EVENT_TYPES.length, { error: WEBHOOK_MESSAGES.eventUnknown })
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

/** The settings form and POST /api/creator/webhooks/endpoints. */
export const webhookEndpointFormSchema = z.strictObject({
  url: webhookUrlSchema,
  description: webhookDescriptionSchema.default(''),
  events: webhookEventsSchema,
});

/** PATCH /api/creator/webhooks/endpoints/{endpointId}: any of the fields; `enabled: true` turns a disabled endpoint back on. */
export const webhookEndpointPatchSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  description: webhookDescriptionSchema.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpointParamsSchema = z.object({ endpointId: z.uuid({ error: WEBHOOK_MESSAGES.notFound }) });

const dateTime = z.iso.datetime({ offset: true });

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it was turned off (after failing deliveries, or by the creator); null while enabled. */
  disabledReason: z.string().nullable(),
  disabledAt: dateTime.nullable(),
  /** The first 8 characters of the signing secret, to tell secrets apart; never the secret itself. */
  secretHint: z.string(),
  createdAt: dateTime,
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  /** pending: not delivered yet (retried with backoff); delivered: a 2xx came back; failed: given up. */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  /** HTTP status of the latest attempt; null before any answer (not tried yet, timeout, refused address). */
  responseStatus: z.number().int().nullable(),
  /** The start of the latest answer's body (a short excerpt) or why the attempt failed. */
  lastError: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
  createdAt: dateTime,
  lastAttemptAt: dateTime.nullable(),
  nextAttemptAt: dateTime.nullable(),
  deliveredAt: dateTime.nullable(),
  isTest: z.boolean(),
});

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export const webhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema });
/** Creation and rotation: the signing secret, shown this once. */
export const webhookEndpointWithSecretResponseSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });

export type WebhookEndpointFormInput = z.input<typeof webhookEndpointFormSchema>;
export type WebhookEndpointFormValues = z.output<typeof webhookEndpointFormSchema>;
export type WebhookEndpointPatch = z.input<typeof webhookEndpointPatchSchema>;
export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretResponseSchema>;

// ---- The payloads sent to endpoints (documented in docs/webhooks.md, the help centre and OpenAPI) ----

const cents = z.number().int();
/** The creator's currency (decision 0015). */
const currency = currencySchema;

export const webhookSupportSchema = z.object({
  id: z.uuid(),
  amountCents: cents,
  currency,
  platformFeeCents: cents,
  processingFeeCents: cents,
  creatorNetCents: cents,
  isRecurring: z.boolean(),
  isRenewal: z.boolean(),
  subscriptionId: z.uuid().nullable(),
  /** null when the supporter chose to stay anonymous. */
  supporterName: z.string().nullable(),
  message: z.string(),
  createdAt: dateTime,
});

export const webhookSubscriptionSchema = z.object({
  id: z.uuid(),
  amountCents: cents,
  currency,
  status: z.string(),
  supporterName: z.string().nullable(),
  currentPeriodEnd: dateTime,
  createdAt: dateTime,
});

export const webhookPayoutSchema = z.object({
  /** Ours (a uuid) for a weekly payout; Stripe's payout id (po_...) with Stripe. */
  id: z.string().min(1),
  amountCents: cents,
  /** What the bank receives: usd, or with Stripe the bank's currency (cad, gbp, aud) Stripe converted to. */
  currency: z.string().length(3),
  /** The week a weekly payout covers; null with Stripe, whose payouts pay the balance available. */
  weekStart: z.iso.date().nullable(),
  weekEnd: z.iso.date().nullable(),
  paidAt: dateTime,
});

export const webhookDisputeSchema = z.object({
  /** The payment provider's dispute id. */
  id: z.string(),
  amountCents: cents,
  currency,
  /** The card network's reason (fraudulent, product_not_received, ...). */
  reason: z.string(),
  /** open while the bank decides; won, lost, or closed for an inquiry that became no dispute. */
  status: z.enum(['open', 'won', 'lost', 'closed']),
  openedAt: dateTime,
  closedAt: dateTime.nullable(),
});

/** A published post; `bodyHtml` and `excerpt` only when everyone may read it (null for posts for supporters). */
export const webhookPostSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  /** The post's page. */
  url: z.string(),
  audience: z.enum(['everyone', 'supporters', 'monthly', 'tier']),
  minTierPosition: z.number().int().nullable(),
  publishedAt: dateTime,
  /** Early access: when everyone may read it; null without early access. */
  publicAt: dateTime.nullable(),
  bodyHtml: z.string().nullable(),
  excerpt: z.string().nullable(),
});

/** `data` of each event type. */
export const webhookEventDataSchemas = {
  'support.created': z.object({ support: webhookSupportSchema }),
  'support.refunded': z.object({
    support: webhookSupportSchema,
    refund: z.object({ amountCents: cents, currency, refundedAt: dateTime }),
  }),
  'subscription.created': z.object({ subscription: webhookSubscriptionSchema }),
  /**
   * A renewal could not be charged (the card was refused, or the bank asks the supporter to confirm the payment)
   * and will be tried again at nextRetryAt: one event per failed attempt. If the last retry fails too, it lapses
   * (subscription.canceled, reason payment_failed); if a retry succeeds, support.created follows (a renewal).
   */
  'subscription.past_due': z.object({
    subscription: webhookSubscriptionSchema,
    reason: z.enum(['payment_failed', 'authentication_required']),
    failedAttempts: z.number().int().min(1),
    nextRetryAt: dateTime,
  }),
  'subscription.paused': z.object({
    subscription: webhookSubscriptionSchema,
    pausedAt: dateTime,
    resumesAt: dateTime.nullable(),
  }),
  /** By its supporter, or when a pause for a fixed time is over; `nextChargeAt` is now when a month is due. */
  'subscription.resumed': z.object({
    subscription: webhookSubscriptionSchema,
    resumedAt: dateTime,
    nextChargeAt: dateTime,
  }),
  /**
   * The supporter changed the amount, tier or card (`changed` says which); it applies from `effectiveAt` (null:
   * paused until resumed). `card` is the new card's brand and last four for a card change (never more), else null.
   */
  'subscription.updated': z.object({
    subscription: webhookSubscriptionSchema,
    changed: z.array(z.enum(['amount', 'tier', 'card'])),
    previousAmountCents: cents,
    tierPosition: z.number().int().nullable(),
    previousTierPosition: z.number().int().nullable(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    effectiveAt: dateTime.nullable(),
    updatedAt: dateTime,
  }),
  'subscription.canceled': z.object({
    subscription: webhookSubscriptionSchema,
    /**
     * canceled_by_supporter: no further charge, it ends at endsAt; payment_failed: renewals failed and it
     * lapsed; refunded: the creator refunded a charge and ended it with the refund.
     */
    reason: z.enum(['canceled_by_supporter', 'payment_failed', 'refunded']),
    canceledAt: dateTime,
    endsAt: dateTime,
  }),
  'payout.paid': z.object({ payout: webhookPayoutSchema }),
  /** The platform bears disputes' losses: the creator's balance does not change. */
  'dispute.created': z.object({ dispute: webhookDisputeSchema, support: webhookSupportSchema }),
  'dispute.closed': z.object({ dispute: webhookDisputeSchema, support: webhookSupportSchema }),
  /** Sent once, at a post's first publish (editing it later sends nothing). */
  'post.published': z.object({ post: webhookPostSchema }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData = { [K in WebhookEventType]: z.infer<(typeof webhookEventDataSchemas)[K]> };

/** The body of every delivery: the same event id on every retry, so a receiver can drop duplicates. */
export const webhookEventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.union([z.enum(WEBHOOK_EVENT_TYPES), z.literal(WEBHOOK_TEST_EVENT)]),
  createdAt: dateTime,
  data: z.record(z.string(), z.unknown()),
});
