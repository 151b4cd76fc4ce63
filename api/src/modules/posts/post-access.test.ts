import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostAudience } from '@beabro/shared/api-schemas/posts';
import { disputes, refunds, subscriptionCharges, subscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fakeCreator, fakeSupport } from '../public-profile/public-profile-test-factories';
import { mayReaderReadPost, mayReadPost, NO_STANDING, type PostAccessFacts, type PostReader } from './post-access';

// The access matrix: each audience against each kind of reader, at chosen instants, through the one decision
// (mayReadPost) and the standing the database gives each reader (loadStandings). Tiers are the defaults:
// $5, $15, $25, $50 at positions 0..3.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const DAY = 86_400_000;
const NOW = new Date('2026-06-15T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let creatorId: string;
const readers: Record<string, PostReader> = {};
const email = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/** A monthly support: its first month paid at `anchor` (and renewals, each a month), in the given state. */
async function monthly(
  name: string,
  opts: { anchor: Date; amountCents: number; status: 'active' | 'paused' | 'canceled' | 'lapsed'; renewals?: number },
) {
  const address = email(name);
  const periodEnd = (k: number) =>
    new Date(Date.UTC(2026, opts.anchor.getUTCMonth() + k, opts.anchor.getUTCDate(), 12));
  const last = opts.renewals ?? 0;
  const [sub] = await db()
    .insert(subscriptions)
    .values({
      creatorId,
      supporterEmail: address,
      supporterName: name,
      amountCents: opts.amountCents,
      currency: 'usd',
      status: opts.status,
      billingAnchorAt: opts.anchor,
      periodNumber: last,
      currentPeriodStart: periodEnd(last),
      currentPeriodEnd: periodEnd(last + 1),
      paymentProvider: 'sandbox',
      paymentMethodToken: `pm_${randomUUID()}`,
      cardBrand: 'visa',
      cardLast4: '4242',
    })
    .returning();
  if (!sub) throw new Error('no subscription');
  await fakeSupport(db(), creatorId, {
    supporterEmail: address,
    amountCents: opts.amountCents,
    isRecurring: true,
    subscriptionId: sub.id,
    createdAt: opts.anchor,
  });
  for (let k = 1; k <= last; k++) {
    const renewal = await fakeSupport(db(), creatorId, {
      supporterEmail: address,
      amountCents: opts.amountCents,
      isRecurring: true,
      isRenewal: true,
      subscriptionId: sub.id,
      createdAt: periodEnd(k),
    });
    await db()
      .insert(subscriptionCharges)
      .values({
        subscriptionId: sub.id,
        periodNumber: k,
        periodStart: periodEnd(k),
        periodEnd: periodEnd(k + 1),
        amountCents: opts.amountCents,
        status: 'succeeded',
        supportId: renewal.id,
      });
  }
  readers[name] = { kind: 'email', email: address };
}

async function oneOff(name: string, amountCents: number, refundedCents = 0, disputeLost = false) {
  const address = email(name);
  const support = await fakeSupport(db(), creatorId, { supporterEmail: address, amountCents, createdAt: ago(100) });
  if (refundedCents > 0)
    await db()
      .insert(refunds)
      .values({
        supportId: support.id,
        creatorId,
        idempotencyKey: randomUUID(),
        requestFingerprint: 'test',
        amountCents: refundedCents,
        currency: 'usd',
        reason: 'requested_by_supporter',
        status: 'succeeded',
        provider: 'sandbox',
        completedAt: ago(50),
      });
  if (disputeLost)
    await db()
      .insert(disputes)
      .values({
        provider: 'stripe',
        id: `dp_${randomUUID()}`,
        supportId: support.id,
        creatorId,
        amountCents,
        currency: 'usd',
        reason: 'fraudulent',
        status: 'lost',
      });
  readers[name] = { kind: 'email', email: address };
}

beforeAll(async () => {
  const creator = await fakeCreator(db());
  creatorId = creator.userId;
  readers.creator = { kind: 'user', userId: creatorId, verifiedEmail: null };
  readers.visitor = { kind: 'visitor' };
  readers['signed-in stranger'] = { kind: 'user', userId: randomUUID(), verifiedEmail: null };
  await oneOff('one-off $5', 500);
  await oneOff('one-off $25', 2_500);
  await oneOff('one-off $60', 6_000);
  await oneOff('one-off $25 partly refunded to $10', 2_500, 1_500);
  await oneOff('one-off refunded', 2_500, 2_500);
  await oneOff('one-off dispute lost', 2_500, 0, true);
  await monthly('monthly active $25', { anchor: ago(10), amountCents: 2_500, status: 'active' });
  await monthly('monthly renewed $25', { anchor: ago(70), amountCents: 2_500, status: 'active', renewals: 2 });
  await monthly('monthly paused in paid month', { anchor: ago(10), amountCents: 2_500, status: 'paused' });
  await monthly('monthly canceled in paid month', { anchor: ago(10), amountCents: 2_500, status: 'canceled' });
  await monthly('monthly lapsed after period', { anchor: ago(45), amountCents: 2_500, status: 'lapsed' });
  await monthly('monthly canceled after period', { anchor: ago(45), amountCents: 2_500, status: 'canceled' });
  await monthly('monthly $5', { anchor: ago(10), amountCents: 500, status: 'active' });
});

function post(audience: PostAudience, extra: Partial<PostAccessFacts> = {}): PostAccessFacts {
  return {
    creatorId,
    status: 'published',
    audience,
    minTierPosition: audience === 'tier' ? 2 : null,
    earlyAccessDays: null,
    publishedAt: ago(1),
    ...extra,
  };
}

/** Who may read: reader name -> readable, for one post at NOW. */
async function matrix(facts: PostAccessFacts, at = NOW): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const [name, reader] of Object.entries(readers)) out[name] = await mayReaderReadPost(db(), reader, facts, at);
  return out;
}

const CURRENT_SUPPORTERS = [
  'one-off $5',
  'one-off $25',
  'one-off $60',
  'one-off $25 partly refunded to $10',
  'monthly active $25',
  'monthly renewed $25',
  'monthly paused in paid month',
  'monthly canceled in paid month',
  'monthly $5',
];
const MONTHLY_PAID = [
  'monthly active $25',
  'monthly renewed $25',
  'monthly paused in paid month',
  'monthly canceled in paid month',
  'monthly $5',
];
// Tier 2 is $25: supports of at least $25 that still count.
const TIER_2_AND_ABOVE = [
  'one-off $25',
  'one-off $60',
  'monthly active $25',
  'monthly renewed $25',
  'monthly paused in paid month',
  'monthly canceled in paid month',
];

function only(names: string[]): Record<string, boolean> {
  return Object.fromEntries(Object.keys(readers).map((n) => [n, n === 'creator' || names.includes(n)]));
}

describe('who may read a post (the access matrix)', () => {
  it('everyone: anyone', async () => {
    expect(await matrix(post('everyone'))).toEqual(only(Object.keys(readers)));
  });

  it('supporters: a one-off not fully refunded, or a monthly support paid through now', async () => {
    expect(await matrix(post('supporters'))).toEqual(only(CURRENT_SUPPORTERS));
  });

  it('monthly: a monthly support paid through now (paused or cancelled ones until the paid month ends)', async () => {
    expect(await matrix(post('monthly'))).toEqual(only(MONTHLY_PAID));
  });

  it('tier and above: a counting support of at least the tier amount (below, at and above)', async () => {
    expect(await matrix(post('tier'))).toEqual(only(TIER_2_AND_ABOVE));
    // Tier 3 ($50): only the $60 one-off.
    expect(await matrix(post('tier', { minTierPosition: 3 }))).toEqual(only(['one-off $60']));
  });

  it('a monthly support stops at the end of what was paid', async () => {
    const later = new Date(NOW.getTime() + 40 * DAY);
    expect(await matrix(post('monthly'), later)).toEqual(only([]));
    const supporters = await matrix(post('supporters'), later);
    expect(supporters['monthly renewed $25']).toBe(false);
    expect(supporters['one-off $5']).toBe(true);
  });

  it('early access: supporters first, everyone from publishedAt + earlyAccessDays', async () => {
    const early = post('tier', { earlyAccessDays: 3, publishedAt: ago(2) });
    expect(await matrix(early)).toEqual(only(TIER_2_AND_ABOVE));
    const opened = post('tier', { earlyAccessDays: 3, publishedAt: ago(3) });
    expect(await matrix(opened)).toEqual(only(Object.keys(readers)));
  });

  it('a draft: its creator only', async () => {
    expect(await matrix(post('everyone', { status: 'draft', publishedAt: null }))).toEqual(only([]));
  });

  it('the decision alone: no standing reads nothing locked; the creator reads everything', () => {
    const locked = post('supporters');
    expect(mayReadPost(locked, NO_STANDING, null, NOW)).toBe(false);
    expect(mayReadPost(locked, { ...NO_STANDING, isCreator: true }, null, NOW)).toBe(true);
    expect(mayReadPost(post('tier'), { isCreator: false, countingCents: 10_000, monthlyCents: null }, null, NOW)).toBe(
      false,
    );
    // A post published in the future (clock skew) is nobody's yet.
    expect(mayReadPost(post('everyone', { publishedAt: new Date(NOW.getTime() + DAY) }), NO_STANDING, null, NOW)).toBe(
      false,
    );
  });
});
