import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import { jobLinkOrigin } from '../../lib/link-origin';
import { enqueueEmail } from '../email/email-outbox';
import { resolveWebhookTarget, WebhookUrlError, type HostResolver } from './webhook-address-guard';
import { webhookEndpointDisabledEmail } from './webhook-emails';
import { nodeWebhookTransport, printableText, type WebhookHttpTransport } from './webhook-http';
import { RETRY_WINDOW_MS, nextAttemptAfterFailure } from './webhook-retry';
import {
  DELIVERY_ID_HEADER,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  SIGNATURE_HEADER,
  decryptWebhookSecret,
  signatureHeader,
} from './webhook-signature';
import {
  claimDueDeliveries,
  findCreatorEmail,
  lockClaimedDelivery,
  lockEndpointById,
  updateDelivery,
  updateEndpoint,
  type ClaimedDelivery,
} from './webhooks-repository';
import { startPollingLoop } from '../../lib/polling-loop';

/** Each delivery's whole exchange (connect, send, answer) is bounded by this. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Longer than a delivery can take (DNS 5 s + 10 s), so a claimed delivery is never sent twice at once. */
export const CLAIM_LEASE_MS = 2 * 60_000;
export const WEBHOOK_SENDER_INTERVAL_MS = 2_000;
/** Deliveries of one endpoint in flight at a time: a slow endpoint holds only its own. */
export const PER_ENDPOINT_CONCURRENCY = 2;
/** Deliveries in flight at a time in one sender (all endpoints). */
export const MAX_IN_FLIGHT = 200;

export interface WebhookSenderDeps {
  db: Db;
  appSecret: string;
  allowLocal: boolean;
  resolveHost: HostResolver;
  transport?: WebhookHttpTransport;
  /** Origin of the settings link in the "endpoint turned off" email. */
  origin: string;
  timeoutMs?: number;
  /** Where an outcome that could not be recorded is reported (stderr by default). */
  log?: (message: string) => void;
  /** The time signatures carry: read at each send, so a signature is as old as its request. */
  clock?: () => Date;
}

export interface WebhookDeliveryReport {
  delivered: number;
  retrying: number;
  failed: number;
  endpointsDisabled: number;
}

type Attempt =
  | { ok: true; status: number; excerpt: string }
  | { ok: false; status: number | null; excerpt: string | null; error: string };

async function attempt(deps: WebhookSenderDeps, claimed: ClaimedDelivery): Promise<Attempt> {
  const { delivery, endpoint } = claimed;
  const secret = decryptWebhookSecret(deps.appSecret, endpoint.secretEncrypted);
  if (!secret)
    return {
      ok: false,
      status: null,
      excerpt: null,
      error: 'The signing secret cannot be read (APP_SECRET changed). Rotate the secret.',
    };
  let target;
  try {
    // Checked again at every attempt, after resolving: the answer may differ from the one checked on save.
    target = await resolveWebhookTarget(endpoint.url, { allowLocal: deps.allowLocal, resolveHost: deps.resolveHost });
  } catch (error) {
    return {
      ok: false,
      status: null,
      excerpt: null,
      error: error instanceof WebhookUrlError ? error.message : 'The host could not be resolved.',
    };
  }
  // Timed at send, after DNS: the receiver's replay window starts when the request leaves.
  const timestamp = Math.floor((deps.clock ?? (() => new Date()))().getTime() / 1000);
  try {
    const response = await (deps.transport ?? nodeWebhookTransport)({
      target,
      body: delivery.body,
      timeoutMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'BeABro-Webhooks/1.0',
        [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, delivery.body),
        [EVENT_ID_HEADER]: delivery.eventId,
        [EVENT_TYPE_HEADER]: delivery.eventType,
        [DELIVERY_ID_HEADER]: delivery.id,
      },
    });
    if (response.status >= 200 && response.status < 300)
      return { ok: true, status: response.status, excerpt: response.excerpt };
    const redirect = response.status >= 300 && response.status < 400;
    return {
      ok: false,
      status: response.status,
      excerpt: response.excerpt,
      error: redirect ? `Answered ${response.status}: redirects are not followed` : `Answered ${response.status}`,
    };
  } catch (error) {
    return {
      ok: false,
      status: null,
      excerpt: null,
      error: `Could not deliver: ${(error as Error).message}`.slice(0, 300),
    };
  }
}

/**
 * Records an attempt's outcome in one transaction: delivered; or retried with backoff; or, once the
 * 3-day retry window is over, failed. An endpoint failing for 3 days is turned off and its creator emailed.
 */
async function recordOutcome(
  deps: WebhookSenderDeps,
  claimed: ClaimedDelivery,
  answer: Attempt,
  now: Date,
  report: WebhookDeliveryReport,
): Promise<void> {
  const { delivery } = claimed;
  // Whatever the receiver answered (or a transport put in an error) is stored as printable text only.
  const result: Attempt = answer.ok
    ? { ...answer, excerpt: printableText(answer.excerpt) }
    : {
        ...answer,
        excerpt: answer.excerpt === null ? null : printableText(answer.excerpt),
        error: printableText(answer.error),
      };
  await deps.db.transaction(async (tx) => {
    const current = await lockClaimedDelivery(tx, delivery.id, delivery.attempts);
    // Someone else took it over (the lease ran out); their outcome counts.
    if (!current) return;
    const endpoint = await lockEndpointById(tx, delivery.endpointId);
    if (!endpoint) return;
    if (result.ok) {
      await updateDelivery(tx, delivery.id, {
        status: 'delivered',
        deliveredAt: now,
        responseStatus: result.status,
        responseExcerpt: result.excerpt,
        lastError: null,
      });
      if (endpoint.failingSince) await updateEndpoint(tx, endpoint.id, { failingSince: null });
      report.delivered++;
      return;
    }
    const next = nextAttemptAfterFailure(delivery.createdAt, delivery.attempts, now);
    await updateDelivery(tx, delivery.id, {
      responseStatus: result.status,
      responseExcerpt: result.excerpt,
      lastError: result.error,
      ...(next ? { nextAttemptAt: next } : { status: 'failed' as const, failedAt: now }),
    });
    if (next) report.retrying++;
    else report.failed++;
    const failingSince = endpoint.failingSince ?? now;
    // Every attempt of a delivery over 3 days failed, or every attempt of any delivery since 3 days ago.
    if (endpoint.enabled && (!next || now.getTime() - failingSince.getTime() >= RETRY_WINDOW_MS)) {
      await updateEndpoint(tx, endpoint.id, {
        enabled: false,
        disabledAt: now,
        disabledReason: `Turned off after failing for 3 days. Last error: ${result.error}`,
        failingSince,
        updatedAt: now,
      });
      const email = await findCreatorEmail(tx, endpoint.creatorId);
      if (email) {
        await enqueueEmail(
          tx,
          await webhookEndpointDisabledEmail(email, {
            endpointId: endpoint.id,
            url: endpoint.url,
            disabledAt: now,
            lastError: result.error,
            settingsUrl: `${deps.origin}/settings?tab=integrations`,
          }),
        );
      }
      report.endpointsDisabled++;
    } else if (!endpoint.failingSince) {
      await updateEndpoint(tx, endpoint.id, { failingSince });
    }
  });
}

export interface WebhookDeliveryOptions {
  batchSize?: number;
  maxBatches?: number;
}

/** Sends one claimed delivery and records its outcome; a failure to record is logged, never thrown. */
async function deliverClaimed(
  deps: WebhookSenderDeps,
  item: ClaimedDelivery,
  now: () => Date,
  report: WebhookDeliveryReport,
): Promise<void> {
  try {
    const result = await attempt(deps, item);
    await recordOutcome(deps, item, result, now(), report);
  } catch (error) {
    (deps.log ?? console.error)(
      `webhook delivery ${item.delivery.id} could not be recorded: ${(error as Error).stack ?? String(error)}`,
    );
  }
}

/**
 * Delivers every webhook due at `now`, a batch at a time (claimed under SKIP LOCKED, at most
 * PER_ENDPOINT_CONCURRENCY per endpoint and batch, sent concurrently), and waits for all of them: the
 * one-shot form (tests, a command). The running sender is `startWebhookSender`.
 */
export async function deliverDueWebhooks(
  deps: WebhookSenderDeps,
  now = new Date(),
  options: WebhookDeliveryOptions = {},
): Promise<WebhookDeliveryReport> {
  const batchSize = options.batchSize ?? 10;
  const maxBatches = options.maxBatches ?? 10;
  const report: WebhookDeliveryReport = { delivered: 0, retrying: 0, failed: 0, endpointsDisabled: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDueDeliveries(
      deps.db,
      now,
      batchSize,
      new Date(now.getTime() + CLAIM_LEASE_MS),
      new Date(now.getTime() - RETRY_WINDOW_MS),
      { perEndpoint: PER_ENDPOINT_CONCURRENCY, busyEndpointIds: [] },
    );
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((item) => deliverClaimed(deps, item, () => now, report)));
    if (claimed.length < batchSize) break;
  }
  return report;
}

export interface RunningWebhookSender {
  /** Claims what is due now, without waiting for the interval (after a delivery is queued or sent). */
  wake: () => void;
  /** Stops claiming and waits for the deliveries in flight. */
  stop: () => Promise<void>;
}

export interface WebhookSenderOptions {
  intervalMs?: number;
  perEndpoint?: number;
  maxInFlight?: number;
}

/**
 * Delivers webhooks continuously. Each run claims what is due for the endpoints that have a free slot
 * (PER_ENDPOINT_CONCURRENCY each, MAX_IN_FLIGHT in all) and returns without waiting for the answers:
 * every delivery completes on its own and frees its slot, so an endpoint that never answers holds only
 * its own slots until its timeout, and other endpoints' deliveries and retries go out when due.
 */
export function startWebhookSender(
  deps: WebhookSenderDeps,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  options: WebhookSenderOptions = {},
): RunningWebhookSender {
  const perEndpoint = options.perEndpoint ?? PER_ENDPOINT_CONCURRENCY;
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  const clock = deps.clock ?? (() => new Date());
  const inFlight = new Set<Promise<void>>();
  const perEndpointInFlight = new Map<string, number>();
  let stopping = false;

  const finish = (endpointId: string, report: WebhookDeliveryReport) => {
    const left = (perEndpointInFlight.get(endpointId) ?? 1) - 1;
    if (left > 0) perEndpointInFlight.set(endpointId, left);
    else perEndpointInFlight.delete(endpointId);
    if (report.delivered + report.retrying + report.failed > 0) log.info({ ...report }, 'webhook delivered');
    if (report.endpointsDisabled > 0)
      log.error(
        { endpointsDisabled: report.endpointsDisabled },
        'webhook endpoint turned off after failing for 3 days',
      );
    // A freed slot may be what a due delivery waits for.
    loop.wake();
  };

  const loop = startPollingLoop(
    async () => {
      if (stopping) return;
      const free = maxInFlight - inFlight.size;
      if (free <= 0) return;
      const now = clock();
      const busyEndpointIds = [...perEndpointInFlight].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
      const claimed = await claimDueDeliveries(
        deps.db,
        now,
        free,
        new Date(now.getTime() + CLAIM_LEASE_MS),
        new Date(now.getTime() - RETRY_WINDOW_MS),
        { perEndpoint, busyEndpointIds },
      );
      for (const item of claimed) {
        const endpointId = item.delivery.endpointId;
        perEndpointInFlight.set(endpointId, (perEndpointInFlight.get(endpointId) ?? 0) + 1);
        const report: WebhookDeliveryReport = { delivered: 0, retrying: 0, failed: 0, endpointsDisabled: 0 };
        const delivery: Promise<void> = deliverClaimed(deps, item, clock, report).finally(() => {
          inFlight.delete(delivery);
          finish(endpointId, report);
        });
        inFlight.add(delivery);
      }
    },
    options.intervalMs ?? WEBHOOK_SENDER_INTERVAL_MS,
    (error) => log.error({ err: error }, 'webhook sender run failed'),
  );

  return {
    wake: loop.wake,
    stop: async () => {
      stopping = true;
      await loop.stop();
      await Promise.all([...inFlight]);
    },
  };
}

/**
 * Starts the webhook sender once the server listens (never in tests, which only inject), with the
 * scheduled jobs (JOBS_ENABLED); stops it, letting a run finish, on close.
 */
export function registerWebhookSender(
  app: FastifyInstance,
  config: AppConfig,
  deps: Omit<WebhookSenderDeps, 'origin'>,
) {
  if (config.webhooksAllowLocal)
    app.log.warn(
      'WEBHOOKS_ALLOW_LOCAL is on: webhook endpoints may be http:// and on this machine. Never set it on a public server.',
    );
  if (!config.jobsEnabled) return;
  let sender: RunningWebhookSender | null = null;
  app.addHook('onListen', async () => {
    sender = startWebhookSender(
      { ...deps, origin: jobLinkOrigin(config) },
      { info: (o, m) => app.log.info(o, m), error: (o, m) => app.log.error(o, m) },
    );
  });
  app.addHook('onClose', async () => {
    await sender?.stop();
  });
}
