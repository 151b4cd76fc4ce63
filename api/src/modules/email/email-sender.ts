import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import { createMailTransport } from './create-mail-transport';
import {
  claimDueEmails,
  isSuppressed,
  suppressAddress,
  SUPPRESSED_ADDRESS_ERROR,
  findReplyToAddresses,
  markEmailSent,
  recordFailedAttempt,
  type OutboxRow,
} from './email-outbox-repository';
import { outboxHtml } from './email-template';
import type { MailTransport } from './mail-transport';
import { startPollingLoop } from '../../lib/polling-loop';

/** Delivery attempts before an email is given up (`failed_at`). */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Wait after the nth failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h (about 45 h in all). */
export const RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
] as const;

/**
 * How long a claimed email stays invisible to other senders while it is delivered. Longer than any
 * transport can take (the SMTP timeouts are a minute), so in normal operation nothing is sent twice.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;

export const SENDER_INTERVAL_MS = 2_000;

export function retryDelayMs(failedAttempts: number): number {
  return RETRY_DELAYS_MS[Math.min(failedAttempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
}

export interface DeliveryReport {
  sent: number;
  /** Failed, to be tried again later. */
  retrying: number;
  /** Failed for the last time. */
  gaveUp: number;
}

export interface DeliveryOptions {
  /** Emails claimed (and sent concurrently) at a time. */
  batchSize?: number;
  /** Upper bound of batches in one run, so one run cannot go on forever under a steady stream. */
  maxBatches?: number;
}

/**
 * Delivers every email due at `now`, a batch at a time: claimed under SKIP LOCKED (several senders,
 * in one process or many, share the work without overlap), sent through `transport`, then marked sent,
 * or rescheduled with exponential backoff, or given up after MAX_DELIVERY_ATTEMPTS.
 */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  now = new Date(),
  options: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const batchSize = options.batchSize ?? 10;
  const maxBatches = options.maxBatches ?? 20;
  const report: DeliveryReport = { sent: 0, retrying: 0, gaveUp: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDueEmails(db, now, batchSize, new Date(now.getTime() + CLAIM_LEASE_MS));
    if (claimed.length === 0) break;
    const replyTo = await findReplyToAddresses(db, claimed);
    await Promise.all(
      claimed.map((email) => deliverOne(db, transport, email, replyTo.get(email.id) ?? null, now, report)),
    );
    if (claimed.length < batchSize) break;
  }
  return report;
}

async function deliverOne(
  db: Db,
  transport: MailTransport,
  email: OutboxRow,
  replyTo: string | null,
  now: Date,
  report: DeliveryReport,
): Promise<void> {
  if (await isSuppressed(db, email.toAddress)) {
    await recordFailedAttempt(db, email.id, email.attempts, SUPPRESSED_ADDRESS_ERROR, { failedAt: now });
    report.gaveUp++;
    return;
  }
  let html: string | null;
  try {
    // Rendered here, not in the request that queued it; a rendering failure is retried like a sending one.
    html = await outboxHtml(email);
    await transport.send({
      id: email.id,
      kind: email.kind,
      to: email.toAddress,
      replyTo,
      subject: email.subject,
      text: email.textBody,
      html,
      listUnsubscribe: email.listUnsubscribeUrl
        ? { url: email.listUnsubscribeUrl, oneClick: email.listUnsubscribeOneClick }
        : null,
      createdAt: email.createdAt,
    });
  } catch (error) {
    const message = describeError(error);
    if (email.attempts >= MAX_DELIVERY_ATTEMPTS) {
      await recordFailedAttempt(db, email.id, email.attempts, message, { failedAt: now });
      // Bounced for good: later emails to the address are not sent (operators can lift it).
      await suppressAddress(db, email.toAddress, message, now);
      report.gaveUp++;
    } else {
      await recordFailedAttempt(db, email.id, email.attempts, message, {
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(email.attempts)),
      });
      report.retrying++;
    }
    return;
  }
  // Outside the try: the message is out, so a failure to record it must not count as a failed delivery.
  await markEmailSent(db, email.id, now, html);
  report.sent++;
}

function describeError(error: unknown): string {
  const e = error as { message?: unknown; response?: unknown };
  const text = [
    typeof e?.message === 'string' ? e.message : String(error),
    typeof e?.response === 'string' && e.response !== e.message ? e.response : '',
  ]
    .filter(Boolean)
    .join(' | ');
  return text.slice(0, 1_000);
}

export interface RunningSender {
  /** Stops the loop and waits for a run in progress to finish. */
  stop: () => Promise<void>;
}

/** Runs `deliverDueEmails` every `intervalMs` (after the previous run ends) until stopped. */
export function startEmailSender(
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  intervalMs = SENDER_INTERVAL_MS,
): RunningSender {
  const loop = startPollingLoop(
    async () => {
      const report = await deliverDueEmails(db, transport);
      if (report.sent + report.retrying + report.gaveUp > 0)
        log.info({ ...report, transport: transport.name }, 'email outbox delivered');
      if (report.gaveUp > 0)
        log.error({ gaveUp: report.gaveUp }, `gave up on emails after ${MAX_DELIVERY_ATTEMPTS} attempts`);
    },
    intervalMs,
    (error) => log.error({ err: error }, 'email sender run failed'),
  );

  return {
    stop: async () => {
      await loop.stop();
      await transport.close();
    },
  };
}

/** Starts the sender with the app (unless EMAIL_SENDER_ENABLED=false) and stops it, waiting for its run, on close. */
export function registerEmailSender(app: FastifyInstance, config: AppConfig, db: Db) {
  if (config.smtpUrl && !config.publicUrl) {
    app.log.warn(
      'SMTP_URL is set without PUBLIC_URL: links in emails use the Host of each request. Set PUBLIC_URL to the site’s public origin.',
    );
  }
  if (!config.emailSenderEnabled) return;
  let sender: RunningSender | null = null;
  app.addHook('onReady', async () => {
    const transport = createMailTransport(config);
    app.log.info(`email sender started (${transport.name} transport)`);
    sender = startEmailSender(db, transport, app.log);
  });
  app.addHook('onClose', async () => {
    await sender?.stop();
  });
}
