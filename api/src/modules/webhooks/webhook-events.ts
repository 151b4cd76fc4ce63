import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEventData, WebhookEventType } from '@beabro/shared/api-schemas/webhooks';
import type { Db } from '../../db/database';
import { creatorProfiles, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  creatorId: string;
  type: T;
  data: WebhookEventData[T];
  /**
   * What the event is about, e.g. the support's id: the event id is derived from type and key, so an
   * event enqueued twice (a retried job) is delivered once.
   */
  key: string;
  createdAt: Date;
}

/** A stable UUID for (type, key): the event's id on every endpoint and every retry. */
export function webhookEventId(type: string, key: string): string {
  const hex = createHash('sha256').update(`${type}:${key}`).digest('hex');
  // Shaped as a version 8 (custom) UUID with the RFC 4122 variant.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The JSON body every endpoint receives for an event (and that its signature covers). */
export function webhookEventBody(id: string, type: string, createdAt: Date, data: unknown): string {
  return JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data });
}

/**
 * The INSERT that queues an event for each of the creator's enabled endpoints subscribed to its type
 * (none: nothing is written), as SQL not yet run, for a caller that writes everything in one statement.
 */
export function webhookEventQuery<T extends WebhookEventType>(event: WebhookEvent<T>): SQL {
  const id = webhookEventId(event.type, event.key);
  const body = webhookEventBody(id, event.type, event.createdAt, event.data);
  const at = event.createdAt.toISOString();
  return sql`insert into ${webhookDeliveries} (endpoint_id, creator_id, event_id, event_type, body, next_attempt_at, created_at)
    select e.id, e.creator_id, ${id}::uuid, ${event.type}, ${body}, ${at}::timestamptz, ${at}::timestamptz
    from ${webhookEndpoints} e join ${creatorProfiles} c on c.user_id = e.creator_id and c.deleted_at is null
    where e.creator_id = ${event.creatorId}::uuid and e.enabled and e.events @> ${JSON.stringify([event.type])}::jsonb
    on conflict (endpoint_id, event_id) do nothing`;
}

/**
 * Queues a webhook event. Call it with the transaction handle of the change the event reports, so the
 * event exists exactly when the change does (rolled back with it); the webhook sender delivers it.
 */
export async function enqueueWebhookEvent<T extends WebhookEventType>(tx: Db, event: WebhookEvent<T>): Promise<void> {
  await tx.execute(webhookEventQuery(event));
}
