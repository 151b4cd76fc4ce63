import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEndpointFormValues,
  type WebhookEventType,
  type WebhookEndpointWithSecret,
} from '@beabro/shared/api-schemas/webhooks';
import type { Db } from '../../db/database';
import { AppError, fieldError } from '../../lib/app-error';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { resolveWebhookTarget, WebhookUrlError, type HostResolver } from './webhook-address-guard';
import { webhookEventBody } from './webhook-events';
import { encryptWebhookSecret, generateWebhookSecret, secretHint } from './webhook-signature';
import {
  countEndpoints,
  deleteEndpointRow,
  findEndpoint,
  hasLiveCreatorPage,
  insertDelivery,
  insertEndpoint,
  listDeliveryRows,
  listEndpointRows,
  lockLiveCreator,
  makePendingDeliveriesDue,
  updateEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks-repository';

export interface WebhookDeps {
  db: Db;
  /** Encrypts signing secrets at rest. */
  appSecret: string;
  /** WEBHOOKS_ALLOW_LOCAL. */
  allowLocal: boolean;
  resolveHost: HostResolver;
  now?: () => Date;
}

export const DISABLED_BY_CREATOR = 'Turned off by you.';

/** Each saved URL is resolved and checked; each test event is a request to it: both are bounded per creator. */
export const WEBHOOK_URL_CHECKS_PER_HOUR: RateLimitRule = {
  name: 'webhook-url-check:creator',
  limit: 30,
  windowSeconds: 3600,
};
export const WEBHOOK_TEST_EVENTS_PER_HOUR: RateLimitRule = {
  name: 'webhook-test-event:creator',
  limit: 20,
  windowSeconds: 3600,
};
export const DELIVERY_LOG_LIMIT = 50;

export function toEndpointDto(row: WebhookEndpointRow): WebhookEndpointDto {
  const known = new Set<string>(WEBHOOK_EVENT_TYPES);
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((type): type is WebhookEventType => known.has(type)),
    enabled: row.enabled,
    disabledReason: row.enabled ? null : row.disabledReason,
    disabledAt: row.enabled ? null : (row.disabledAt?.toISOString() ?? null),
    secretHint: row.secretHint,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDeliveryDto(row: WebhookDeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseExcerpt: row.responseExcerpt,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    isTest: row.isTest,
  };
}

/** Webhooks belong to a creator page: an account without one (or whose page was deleted) gets 403. */
async function requireCreator(db: Db, userId: string): Promise<void> {
  if (!(await hasLiveCreatorPage(db, userId))) throw new AppError('forbidden', WEBHOOK_MESSAGES.creatorOnly);
}

/** The URL checked like a delivery would be (scheme, then every resolved address), as a field error. */
async function checkUrl(deps: WebhookDeps, userId: string, url: string): Promise<string> {
  await consumeRateLimit(deps.db, WEBHOOK_URL_CHECKS_PER_HOUR, userId);
  try {
    await resolveWebhookTarget(url, { allowLocal: deps.allowLocal, resolveHost: deps.resolveHost });
  } catch (error) {
    if (error instanceof WebhookUrlError) throw fieldError('url', error.message);
    throw error;
  }
  return new URL(url).toString();
}

export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpointDto[]> {
  await requireCreator(db, userId);
  return (await listEndpointRows(db, userId)).map(toEndpointDto);
}

export async function createEndpoint(
  deps: WebhookDeps,
  userId: string,
  input: WebhookEndpointFormValues,
): Promise<WebhookEndpointWithSecret> {
  await requireCreator(deps.db, userId);
  const url = await checkUrl(deps, userId, input.url);
  const secret = generateWebhookSecret();
  const now = deps.now?.() ?? new Date();
  const endpoint = await deps.db.transaction(async (tx) => {
    if (!(await lockLiveCreator(tx, userId))) throw new AppError('forbidden', WEBHOOK_MESSAGES.creatorOnly);
    if ((await countEndpoints(tx, userId)) >= WEBHOOK_MAX_ENDPOINTS)
      throw new AppError('conflict', WEBHOOK_MESSAGES.tooManyEndpoints);
    return insertEndpoint(tx, {
      creatorId: userId,
      url,
      description: input.description,
      events: input.events,
      secretEncrypted: encryptWebhookSecret(deps.appSecret, secret),
      secretHint: secretHint(secret),
      createdAt: now,
      updatedAt: now,
    });
  });
  return { endpoint: toEndpointDto(endpoint), secret };
}

export interface EndpointChanges {
  url?: string;
  description?: string;
  events?: WebhookEventType[];
  enabled?: boolean;
}

/** Edits an endpoint; `enabled: true` turns one back on (its waiting deliveries are due at once), `false` turns it off. */
export async function changeEndpoint(
  deps: WebhookDeps,
  userId: string,
  id: string,
  changes: EndpointChanges,
): Promise<WebhookEndpointDto> {
  await requireCreator(deps.db, userId);
  const url = changes.url === undefined ? undefined : await checkUrl(deps, userId, changes.url);
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, userId, id, { lock: true });
    if (!endpoint) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
    const update: Parameters<typeof updateEndpoint>[2] = { updatedAt: now };
    if (url !== undefined) update.url = url;
    if (changes.description !== undefined) update.description = changes.description;
    if (changes.events !== undefined) update.events = changes.events;
    if (changes.enabled === true && !endpoint.enabled) {
      Object.assign(update, { enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
      await makePendingDeliveriesDue(tx, id, now);
    } else if (changes.enabled === false && endpoint.enabled) {
      Object.assign(update, { enabled: false, disabledAt: now, disabledReason: DISABLED_BY_CREATOR });
    }
    return toEndpointDto(await updateEndpoint(tx, id, update));
  });
}

export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<void> {
  await requireCreator(db, userId);
  if (!(await deleteEndpointRow(db, userId, id))) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
}

/** A new signing secret, in force at once for every delivery from now on (retries included); shown this once. */
export async function rotateSecret(deps: WebhookDeps, userId: string, id: string): Promise<WebhookEndpointWithSecret> {
  await requireCreator(deps.db, userId);
  const secret = generateWebhookSecret();
  const now = deps.now?.() ?? new Date();
  const endpoint = await deps.db.transaction(async (tx) => {
    const found = await findEndpoint(tx, userId, id, { lock: true });
    if (!found) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
    return updateEndpoint(tx, id, {
      secretEncrypted: encryptWebhookSecret(deps.appSecret, secret),
      secretHint: secretHint(secret),
      updatedAt: now,
    });
  });
  return { endpoint: toEndpointDto(endpoint), secret };
}

/** Queues a `webhook.test` event for this endpoint only, delivered like any other (signed, logged, retried). */
export async function sendTestEvent(deps: WebhookDeps, userId: string, id: string): Promise<WebhookDeliveryDto> {
  await requireCreator(deps.db, userId);
  await consumeRateLimit(deps.db, WEBHOOK_TEST_EVENTS_PER_HOUR, userId);
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, userId, id, { lock: true });
    if (!endpoint) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
    if (!endpoint.enabled) throw new AppError('conflict', WEBHOOK_MESSAGES.disabledTest);
    const eventId = randomUUID();
    const body = webhookEventBody(eventId, WEBHOOK_TEST_EVENT, now, {
      endpointId: endpoint.id,
      message:
        'This is a test event from Be a Bro. If you can read it, your endpoint works and its signature checks out.',
    });
    const delivery = await insertDelivery(tx, {
      endpointId: endpoint.id,
      creatorId: userId,
      eventId,
      eventType: WEBHOOK_TEST_EVENT,
      body,
      isTest: true,
      nextAttemptAt: now,
      createdAt: now,
    });
    return toDeliveryDto(delivery);
  });
}

export async function listDeliveries(db: Db, userId: string, id: string): Promise<WebhookDeliveryDto[]> {
  await requireCreator(db, userId);
  const endpoint = await findEndpoint(db, userId, id);
  if (!endpoint) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  return (await listDeliveryRows(db, id, DELIVERY_LOG_LIMIT)).map(toDeliveryDto);
}
