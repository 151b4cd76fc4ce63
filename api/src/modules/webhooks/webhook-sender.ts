import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import { jobLinkOrigin } from '../checkout/link-origin';
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

/** Each delivery's whole exchange (connect, send, answer) is bounded by this. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Longer than a delivery can take (DNS 5 s + 10 s), so a claimed delivery is never sent twice at once. */
export const CLAIM_LEASE_MS = 2 * 60_000;
export const WEBHOOK_SENDER_INTERVAL_MS = 2_000;

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

async function attempt(deps: WebhookSenderDeps, claimed: ClaimedDelivery, now: Date): Promise<Attempt> {
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
  const timestamp = Math.floor(now.getTime() / 1000);
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

/** Delivers every webhook due at `now`, a batch at a time (claimed under SKIP LOCKED, sent concurrently). */
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
    );
    if (claimed.length === 0) break;
    const log = deps.log ?? console.error;
    await Promise.all(
      claimed.map(async (item) => {
        // One delivery whose outcome cannot be recorded must not abandon the others of the run.
        try {
          const result = await attempt(deps, item, now);
          await recordOutcome(deps, item, result, now, report);
        } catch (error) {
          log(`webhook delivery ${item.delivery.id} could not be recorded: ${(error as Error).stack ?? String(error)}`);
        }
      }),
    );
    if (claimed.length < batchSize) break;
  }
  return report;
}

export interface RunningWebhookSender {
  stop: () => Promise<void>;
}

/** Runs deliverDueWebhooks every `intervalMs` (after the previous run ends) until stopped. */
export function startWebhookSender(
  deps: WebhookSenderDeps,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  intervalMs = WEBHOOK_SENDER_INTERVAL_MS,
): RunningWebhookSender {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    timer = null;
    running = deliverDueWebhooks(deps)
      .then((report) => {
        if (report.delivered + report.retrying + report.failed > 0) log.info({ ...report }, 'webhooks delivered');
        if (report.endpointsDisabled > 0)
          log.error(
            { endpointsDisabled: report.endpointsDisabled },
            'webhook endpoints turned off after failing for 3 days',
          );
      })
      .catch((error: unknown) => log.error({ err: error }, 'webhook sender run failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
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
