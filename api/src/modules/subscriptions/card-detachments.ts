import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { cardDetachments, subscriptions } from '../../db/schema';
import { retryDelayMs } from '../../lib/retry-delay';
import type { MoneyDeps } from '../payments/money-deps';

/*
 * A card a supporter replaced is detached from them at the provider, so it can never be charged again. The change
 * queues it (one row per provider and card, in the change's transaction), the request detaches it right after the
 * change, and the recover-payments job retries a detach the provider failed, with growing waits, until it gives up.
 * A card another monthly support not over still renews with is kept; that support's own card change queues it again.
 */

/** Tries at the provider before a card is left kept (`failed`, logged): about two days with the waits below. */
export const CARD_DETACH_MAX_ATTEMPTS = 8;
const RETRY_MAX_MS = 12 * 60 * 60_000;
/** Detaches retried by one run of the job at most. */
const RETRY_BATCH = 50;

interface ReplacedCard {
  provider: string;
  token: string;
}

/** The wait after the nth failed try: 10 min, 20 min, 40 min, ... at most 12 hours. */
export function cardDetachRetryDelayMs(failedAttempts: number): number {
  return retryDelayMs(failedAttempts, RETRY_MAX_MS);
}

/**
 * Queues the detach of a replaced card, in the transaction of the change. Due for the job only a retry delay later:
 * the request that made the change tries first. A card queued before (kept then) is queued again.
 */
export async function queueCardDetachment(tx: Db, card: ReplacedCard, subscriptionId: string, now: Date) {
  const due = new Date(now.getTime() + cardDetachRetryDelayMs(1));
  await tx
    .insert(cardDetachments)
    .values({
      provider: card.provider,
      paymentMethodToken: card.token,
      subscriptionId,
      nextAttemptAt: due,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [cardDetachments.provider, cardDetachments.paymentMethodToken],
      set: { subscriptionId, status: 'pending', attempts: 0, nextAttemptAt: due, lastError: null, updatedAt: now },
      // A card already detached stays so: it cannot be anyone's again.
      setWhere: sql`${cardDetachments.status} <> 'detached'`,
    });
}

/** Whether a monthly support that is not over (active, being retried or paused: it may be charged again) uses it. */
async function isCardInUse(db: Db, card: ReplacedCard): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.paymentProvider, card.provider),
        eq(subscriptions.paymentMethodToken, card.token),
        inArray(subscriptions.status, ['active', 'past_due', 'paused']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

type Outcome = 'detached' | 'kept' | 'retrying' | 'failed';

async function finish(db: Db, card: ReplacedCard, changes: Partial<typeof cardDetachments.$inferInsert>) {
  await db
    .update(cardDetachments)
    .set(changes)
    .where(
      and(
        eq(cardDetachments.provider, card.provider),
        eq(cardDetachments.paymentMethodToken, card.token),
        eq(cardDetachments.status, 'pending'),
      ),
    );
}

/**
 * One try at detaching a queued card with the provider that runs now (a card of another provider waits for it). A
 * failure is logged and never thrown: the card change it follows stands either way.
 */
export async function detachQueuedCard(deps: MoneyDeps, card: ReplacedCard, now: Date): Promise<Outcome> {
  const [row] = await deps.db
    .select()
    .from(cardDetachments)
    .where(and(eq(cardDetachments.provider, card.provider), eq(cardDetachments.paymentMethodToken, card.token)));
  if (!row) return 'kept';
  if (row.status !== 'pending') return row.status;
  const log = deps.log ?? console.error;
  try {
    if (card.provider !== deps.provider.name) throw new Error(`the provider running is ${deps.provider.name}`);
    if (await isCardInUse(deps.db, card)) {
      await finish(deps.db, card, { status: 'kept', updatedAt: now });
      return 'kept';
    }
    await deps.provider.detachCard(card.token);
    await finish(deps.db, card, { status: 'detached', lastError: null, updatedAt: now });
    return 'detached';
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    const attempts = row.attempts + 1;
    const gaveUp = attempts >= CARD_DETACH_MAX_ATTEMPTS;
    await finish(deps.db, card, {
      attempts,
      lastError: message,
      updatedAt: now,
      ...(gaveUp
        ? { status: 'failed' }
        : { nextAttemptAt: new Date(now.getTime() + cardDetachRetryDelayMs(attempts)) }),
    });
    log(
      `the card ${card.token} replaced on monthly support ${row.subscriptionId} was not detached at ${card.provider} (try ${attempts} of ${CARD_DETACH_MAX_ATTEMPTS}${gaveUp ? ', given up: detach it by hand' : ', retried later'}): ${message}`,
    );
    return gaveUp ? 'failed' : 'retrying';
  }
}

/**
 * The job's part (recover-payments): every queued detach of this provider that is due, oldest first. A card whose try
 * throws past detachQueuedCard's own handling (its row could not be read or written) is logged and counted in
 * `cardDetachErrors`, and the others are still tried.
 */
export async function retryCardDetachments(
  deps: MoneyDeps,
  now: Date,
): Promise<{ cardsDetached: number; cardDetachesRetrying: number; cardDetachErrors: number }> {
  const due = await deps.db
    .select({ provider: cardDetachments.provider, token: cardDetachments.paymentMethodToken })
    .from(cardDetachments)
    .where(
      and(
        eq(cardDetachments.status, 'pending'),
        eq(cardDetachments.provider, deps.provider.name),
        lte(cardDetachments.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(cardDetachments.nextAttemptAt))
    .limit(RETRY_BATCH);
  const log = deps.log ?? console.error;
  let cardsDetached = 0;
  let cardDetachesRetrying = 0;
  let cardDetachErrors = 0;
  for (const card of due) {
    try {
      const outcome = await detachQueuedCard(deps, card, now);
      if (outcome === 'detached') cardsDetached++;
      if (outcome === 'retrying') cardDetachesRetrying++;
    } catch (error) {
      cardDetachErrors++;
      log(`the detach of card ${card.token} at ${card.provider} failed: ${(error as Error).stack ?? String(error)}`);
    }
  }
  return { cardsDetached, cardDetachesRetrying, cardDetachErrors };
}
