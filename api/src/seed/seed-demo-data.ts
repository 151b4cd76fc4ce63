import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { createSampleCreators } from '@beabro/shared/data/sample-creators';
import { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
import { FIRST_PAYOUT_VERIFICATION_DAYS } from '@beabro/shared/data/defaults';
import { calculateFees } from '@beabro/shared/money/fees';
import { currencyForCountry, type Currency } from '@beabro/shared/money/currencies';
import { isUniqueViolation } from '../lib/app-error';
import { hashPassword } from '../modules/users/password-hasher';
import type { Db } from '../db/database';
import { creatorAccount, supportLedgerEntries } from '../modules/ledger/ledger-service';
import { addDays, tuesdayOnOrAfter, weekPaidOn } from '../modules/payouts/payout-weeks';
import { SANDBOX_PROVIDER_NAME } from '../modules/payments/sandbox/sandbox-payment-provider';
import { subscriptionPeriod } from '../modules/subscriptions/subscription-periods';
import {
  creatorProfiles,
  follows,
  ledgerEntries,
  pageViews,
  paymentAttempts,
  payoutItems,
  payouts,
  sandboxCharges,
  sandboxPaymentMethods,
  sandboxTransfers,
  subscriptionCharges,
  subscriptions,
  supports,
  supportTiers,
  users,
} from '../db/schema';

/*
 * Demo data: the sample creators of shared/src/data/sample-creators.ts as real accounts with real
 * supports, so a fresh embedded install has something to browse. Totals come only from these rows (the sample's made-up
 * "earned before" figures are ignored). Emails use demo.beabro.app, which receives no mail.
 */

/** Every demo account signs in with this password (documented in the README). */
export const DEMO_PASSWORD = 'demo-password-123';
export const DEMO_EMAIL_DOMAIN = 'demo.beabro.app';
export const DEMO_SUPPORTER_EMAIL = `bro@${DEMO_EMAIL_DOMAIN}`;
export const DEMO_SUPPORTER_NAME = 'Sam Kim';

export const demoCreatorEmail = (username: string) => `${username}@${DEMO_EMAIL_DOMAIN}`;

/** The sample supports the demo supporter made (signed in, so linked to the account). */
export const DEMO_SUPPORTER_SUPPORT_IDS: readonly string[] = [
  'sup-pat-02',
  'sup-pat-07',
  'sup-maya-03',
  'sup-green-02',
];
/** Whom the demo supporter follows. */
export const DEMO_SUPPORTER_FOLLOWS: readonly string[] = ['pixelpat', 'mayamakesart'];
/** Creators follow each other too: [follower, followed]. */
const CREATOR_FOLLOWS: readonly (readonly [string, string])[] = [
  ['mayamakesart', 'pixelpat'],
  ['greenstreets', 'mayamakesart'],
];

const DAY_MS = 86_400_000;
/** Profiles are created this many days before their oldest sample support. */
const PROFILE_AGE_MARGIN_DAYS = 30;

export interface SeedResult {
  seeded: boolean;
  creators: number;
  supports: number;
}

/** A stable guest email per sample name, so one name across several supports counts as one supporter. */
function guestEmail(name: string | null, supportId: string): string {
  const local = name
    ? name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '.')
        .replace(/^\.|\.$/g, '')
    : `anonymous.${supportId}`;
  return `${local}@example.com`;
}

/**
 * One-off demo supports are paid through the sandbox like a real checkout: the sandbox's charge and our
 * succeeded payment attempt pointing at it, so a demo creator can try a refund on them.
 */
/** Demo creators live in a payout country, so payouts can be shown for them; their money is in its currency. */
const DEMO_COUNTRY = 'US';
const DEMO_CURRENCY = currencyForCountry(DEMO_COUNTRY);

/** When the demo's payouts went out: Tuesdays (UTC), mid-morning, as the scheduled job pays them. */
const DEMO_PAYOUT_HOUR_UTC = 10;

/**
 * The demo creator's past payouts, as the weekly job would have made them: one per Tuesday, from the first
 * Tuesday after the first payout's verification period, each paying the net of every support before the end
 * of the week it settles (sandbox transfers, ledger entries and covered supports included), dated that Tuesday.
 * Weeks whose Tuesday has not come yet are left to the job.
 */
export async function seedDemoPayouts(
  tx: Db,
  creatorId: string,
  currency: Currency,
  rows: ReadonlyArray<typeof supports.$inferSelect>,
  now: Date,
): Promise<void> {
  const first = rows.reduce<Date | null>((min, r) => (min && min <= r.createdAt ? min : r.createdAt), null);
  if (!first) return;
  const unpaid = rows
    .map((r) => ({ supportId: r.id, amountCents: r.creatorNetCents, at: r.createdAt }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (
    let tuesday = tuesdayOnOrAfter(addDays(first, FIRST_PAYOUT_VERIFICATION_DAYS));
    ;
    tuesday = addDays(tuesday, 7)
  ) {
    const paidAt = new Date(tuesday.getTime() + DEMO_PAYOUT_HOUR_UTC * 3_600_000);
    if (paidAt > now) break;
    // The job holds the first payout until the verification period has passed at the time it runs.
    if (paidAt < addDays(first, FIRST_PAYOUT_VERIFICATION_DAYS)) continue;
    const week = weekPaidOn(tuesday);
    const items = unpaid.filter((item) => item.at < week.endsBefore);
    if (items.length === 0) continue;
    unpaid.splice(0, items.length);
    const amountCents = items.reduce((sum, item) => sum + item.amountCents, 0);
    const id = randomUUID();
    const transferId = `tr_sandbox_demo_${id.replace(/-/g, '')}`;
    await tx.insert(sandboxTransfers).values({
      id: transferId,
      idempotencyKey: `payout:${id}`,
      amountCents,
      currency,
      destination: creatorAccount(creatorId),
      createdAt: paidAt,
    });
    await tx.insert(payouts).values({
      id,
      creatorId,
      weekStart: week.weekStart,
      weekEnd: week.weekEnd,
      amountCents,
      currency,
      status: 'paid',
      provider: SANDBOX_PROVIDER_NAME,
      transferId,
      createdAt: paidAt,
      updatedAt: paidAt,
      paidAt,
    });
    await tx
      .insert(payoutItems)
      .values(items.map((item) => ({ payoutId: id, supportId: item.supportId, amountCents: item.amountCents })));
    await tx.insert(ledgerEntries).values({
      creatorId,
      payoutId: id,
      account: creatorAccount(creatorId),
      type: 'payout',
      amountCents: -amountCents,
      currency,
      createdAt: paidAt,
    });
  }
}

async function seedSandboxCharges(tx: Db, rows: Array<typeof supports.$inferSelect>): Promise<void> {
  const oneOff = rows.filter((support) => !support.isRecurring);
  if (oneOff.length === 0) return;
  const chargeId = (support: typeof supports.$inferSelect) => `ch_sandbox_demo_${support.id.replace(/-/g, '')}`;
  await tx.insert(sandboxCharges).values(
    oneOff.map((support) => ({
      id: chargeId(support),
      idempotencyKey: `demo:${support.id}`,
      amountCents: support.amountCents,
      currency: support.currency,
      status: 'succeeded' as const,
      brand: 'Visa',
      last4: '4242',
      description: 'demo data: a support paid with the sandbox test card',
      createdAt: support.createdAt,
    })),
  );
  await tx.insert(paymentAttempts).values(
    oneOff.map((support) => ({
      idempotencyKey: `demo:${support.id}`,
      purpose: 'checkout' as const,
      requestFingerprint: 'demo-seed',
      creatorId: support.creatorId,
      amountCents: support.amountCents,
      currency: support.currency,
      status: 'succeeded' as const,
      request: {},
      provider: SANDBOX_PROVIDER_NAME,
      providerChargeId: chargeId(support),
      cardBrand: 'Visa',
      cardLast4: '4242',
      supportId: support.id,
      createdAt: support.createdAt,
      completedAt: support.createdAt,
    })),
  );
}

/**
 * Monthly supports younger than a month become running subscriptions (on the sandbox's succeeding
 * test card), so dashboards show them and the renewal job renews them when their month ends.
 */
async function seedSubscriptions(tx: Db, rows: Array<typeof supports.$inferSelect>, now: Date): Promise<void> {
  for (const support of rows) {
    const period = subscriptionPeriod(support.createdAt, 0);
    if (!support.isRecurring || period.end <= now || !support.supporterEmail) continue;
    const token = `pm_sandbox_demo_${support.id.slice(0, 8)}`;
    await tx.insert(sandboxPaymentMethods).values({
      token,
      brand: 'Visa',
      last4: '4242',
      behaviour: 'succeed',
    });
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        creatorId: support.creatorId,
        supporterUserId: support.supporterUserId,
        supporterEmail: support.supporterEmail,
        supporterName: support.supporterName,
        isAnonymous: support.isAnonymous,
        amountCents: support.amountCents,
        currency: support.currency,
        billingAnchorAt: support.createdAt,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        paymentProvider: SANDBOX_PROVIDER_NAME,
        paymentMethodToken: token,
        cardBrand: 'Visa',
        cardLast4: '4242',
        createdAt: support.createdAt,
        updatedAt: support.createdAt,
      })
      .returning({ id: subscriptions.id });
    if (!subscription) throw new Error('insert of a demo subscription returned nothing');
    await tx.update(supports).set({ subscriptionId: subscription.id }).where(eq(supports.id, support.id));
    await tx.insert(subscriptionCharges).values({
      subscriptionId: subscription.id,
      periodNumber: 0,
      periodStart: period.start,
      periodEnd: period.end,
      amountCents: support.amountCents,
      status: 'succeeded',
      attemptCount: 1,
      supportId: support.id,
      createdAt: support.createdAt,
      updatedAt: support.createdAt,
    });
  }
}

/** Loads the demo data once; running it again (or on a database that already has it) changes nothing. */
/** A number from 0 to n-1 that is always the same for the same text (the demo is the same on every machine). */
function steadyNoise(text: string, n: number): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return (hash >>> 0) % n;
}

/**
 * Daily page views of a demo creator from the day the page was made to today, in line with its seeded
 * supports: each day's supporters came from 8 to 19 support page visits, with some visits on days without
 * a support, and about three profile views per support page visit. Without them the demo creators'
 * conversion rate (supporters per support page visit) would read 100%.
 */
export function demoPageViews(
  creatorId: string,
  username: string,
  supportDates: readonly Date[],
  since: Date,
  now: Date,
): Array<typeof pageViews.$inferInsert> {
  const supportsOnDay = new Map<string, number>();
  for (const date of supportDates) {
    const day = date.toISOString().slice(0, 10);
    supportsOnDay.set(day, (supportsOnDay.get(day) ?? 0) + 1);
  }
  const rows: Array<typeof pageViews.$inferInsert> = [];
  for (
    let at = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
    at <= now.getTime();
    at += DAY_MS
  ) {
    const day = new Date(at).toISOString().slice(0, 10);
    const supportCount = supportsOnDay.get(day) ?? 0;
    const support =
      supportCount * (8 + steadyNoise(`${username}:${day}:visits`, 12)) + steadyNoise(`${username}:${day}:browsers`, 4);
    const profile = support * 3 + steadyNoise(`${username}:${day}:profile`, 9);
    if (support > 0) rows.push({ creatorId, page: 'support', day, count: support });
    if (profile > 0) rows.push({ creatorId, page: 'profile', day, count: profile });
  }
  return rows;
}

export async function seedDemoData(db: Db, now = new Date()): Promise<SeedResult> {
  const samples = createSampleCreators(now);
  const emails = [DEMO_SUPPORTER_EMAIL, ...samples.map((s) => demoCreatorEmail(s.profile.username))];
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1);
  if (existing.length > 0) return { seeded: false, creators: 0, supports: 0 };

  // Hashing is slow on purpose, so it happens before the transaction holds any lock.
  const hashes = await Promise.all(emails.map(() => hashPassword(DEMO_PASSWORD)));
  const hashFor = (email: string) => hashes[emails.indexOf(email)] as string;

  try {
    return await db.transaction(async (tx) => {
      const oldestDays = (sample: (typeof samples)[number]) =>
        Math.max(0, ...sample.supports.map((s) => (now.getTime() - Date.parse(s.createdAt)) / DAY_MS));
      const supporterCreatedAt = new Date(
        now.getTime() - (Math.max(...samples.map(oldestDays)) + PROFILE_AGE_MARGIN_DAYS) * DAY_MS,
      );

      const [supporter] = await tx
        .insert(users)
        .values({
          email: DEMO_SUPPORTER_EMAIL,
          emailVerifiedAt: now,
          passwordHash: hashFor(DEMO_SUPPORTER_EMAIL),
          displayName: DEMO_SUPPORTER_NAME,
          userType: 'supporter',
          createdAt: supporterCreatedAt,
        })
        .returning({ id: users.id });
      if (!supporter) throw new Error('insert of the demo supporter returned nothing');

      const creatorIds = new Map<string, string>();
      let supportCount = 0;
      for (const sample of samples) {
        const { profile, settings } = sample;
        const email = demoCreatorEmail(profile.username);
        const createdAt = new Date(now.getTime() - Math.round((oldestDays(sample) + PROFILE_AGE_MARGIN_DAYS) * DAY_MS));
        const [user] = await tx
          .insert(users)
          .values({
            email,
            emailVerifiedAt: now,
            passwordHash: hashFor(email),
            displayName: profile.displayName,
            userType: 'creator',
            notifyNewSupport: settings.notifications.newSupport,
            notifyMonthlyReport: settings.notifications.monthlyReport,
            notifyGoalReached: settings.notifications.goalReached,
            notifySupporterMessages: settings.notifications.supporterMessages,
            createdAt,
          })
          .returning({ id: users.id });
        if (!user) throw new Error(`insert of demo creator ${profile.username} returned nothing`);
        creatorIds.set(profile.username, user.id);

        await tx.insert(creatorProfiles).values({
          userId: user.id,
          username: profile.username,
          displayName: profile.displayName,
          bio: profile.bio,
          creatorType: profile.creatorType,
          socialLinks: { ...profile.socialLinks },
          minimumAmountCents: settings.minimumAmountCents,
          goalTitle: profile.goalTitle,
          goalAmountCents: profile.goalAmountCents,
          country: DEMO_COUNTRY,
          currency: DEMO_CURRENCY,
          profileImage: profile.profileImageUrl,
          coverImage: profile.coverImageUrl,
          showEarnings: settings.privacy.showEarnings,
          showSupporterCount: settings.privacy.showSupporterCount,
          allowMessages: settings.privacy.allowMessages,
          createdAt,
          updatedAt: createdAt,
        });

        await tx
          .insert(supportTiers)
          .values(defaultSupportTiers(settings.suggestedAmountsCents).map((tier) => ({ creatorId: user.id, ...tier })));

        if (sample.supports.length > 0) {
          const rows = await tx
            .insert(supports)
            .values(
              sample.supports.map((s) => {
                const bySupporter = DEMO_SUPPORTER_SUPPORT_IDS.includes(s.id);
                return {
                  creatorId: user.id,
                  supporterUserId: bySupporter ? supporter.id : null,
                  supporterName: s.supporterName,
                  supporterEmail: bySupporter ? DEMO_SUPPORTER_EMAIL : guestEmail(s.supporterName, s.id),
                  currency: DEMO_CURRENCY,
                  ...calculateFees(s.amountCents, DEMO_CURRENCY),
                  message: s.message,
                  isAnonymous: s.isAnonymous,
                  isRecurring: s.isRecurring,
                  createdAt: new Date(s.createdAt),
                };
              }),
            )
            .returning();
          // The books: every seeded support has its ledger entries, so the integrity check passes.
          await tx.insert(ledgerEntries).values(rows.flatMap((row) => supportLedgerEntries(row)));
          await seedSubscriptions(tx, rows, now);
          await seedSandboxCharges(tx, rows);
          await seedDemoPayouts(tx, user.id, DEMO_CURRENCY, rows, now);
          supportCount += sample.supports.length;
        }
        const views = demoPageViews(
          user.id,
          profile.username,
          sample.supports.map((s) => new Date(s.createdAt)),
          createdAt,
          now,
        );
        if (views.length > 0) await tx.insert(pageViews).values(views);
      }

      const followRows = [
        ...DEMO_SUPPORTER_FOLLOWS.map((username) => [supporter.id, creatorIds.get(username)] as const),
        ...CREATOR_FOLLOWS.map(([follower, followed]) => [creatorIds.get(follower), creatorIds.get(followed)] as const),
      ].flatMap(([followerId, creatorId]) =>
        followerId && creatorId ? [{ followerId, creatorId, createdAt: now }] : [],
      );
      if (followRows.length > 0) await tx.insert(follows).values(followRows);

      return { seeded: true, creators: samples.length, supports: supportCount };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Error(
        'The demo data could not be loaded: one of its usernames or emails is already taken in this database ' +
          `(${samples.map((s) => s.profile.username).join(', ')}, *@${DEMO_EMAIL_DOMAIN}).`,
        { cause: error },
      );
    }
    throw error;
  }
}
