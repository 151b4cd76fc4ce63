import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema as checkoutSchema, type CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';
import { calculateFees } from '@beabro/shared/money/fees';
import { SUPPORT_MESSAGES } from '@beabro/shared/schemas/support';
import { resolveAppSecret } from '../../config/env';
import {
  creatorProfiles,
  emailOutbox,
  ledgerEntries,
  paymentAttempts,
  rateLimits,
  sandboxPaymentMethods,
  subscriptionCharges,
  subscriptions,
  supports,
  users,
} from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { CARD_MESSAGES, SANDBOX_MESSAGES } from '../payments/sandbox/sandbox-test-cards';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { verifyCancelToken } from '../subscriptions/subscription-link';
import type { PaymentProvider } from '../payments/payment-provider';
import {
  CHECKOUT_LIMITS,
  CHECKOUT_MESSAGES,
  completeInterruptedCheckout,
  createSupport,
  recoverInterruptedCheckouts,
  STALE_ATTEMPT_MS,
} from './checkout-service';
import {
  checkoutBody,
  DECLINED_CARD,
  emailsTo,
  insertPendingCheckoutAttempt,
  INSUFFICIENT_FUNDS_CARD,
  moneyCounts,
  moneyDeps,
  payCheckout as postCheckout,
  postCheckout as startCheckout,
  SUCCEEDING_CARD,
} from './checkout-test-factories';
import { NO_EMAIL, outboxHtml } from '../../testing/outbox-html';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('checkout: a successful one-off support', () => {
  it('answers 201 with the receipt, and writes the support, its four ledger entries, the attempt and the emails', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Pixel Pat' });
    const body = checkoutBody({ amount: 15, name: 'Sam Kim', message: 'Keep going!', email: 'Sam.Kim@Example.com' });
    const res = await postCheckout(t.client(), creator.username, body);
    expect(res.statusCode, res.body).toBe(200);
    const receipt: CheckoutReceipt = res.json().receipt;
    const fees = calculateFees(1_500, 'usd');
    expect(receipt).toMatchObject({
      creatorUsername: creator.username,
      creatorDisplayName: 'Pixel Pat',
      ...fees,
      isRecurring: false,
      subscriptionId: null,
      nextChargeAt: null,
      cardBrand: 'Visa',
      cardLast4: '4242',
      receiptEmail: 'sam.kim@example.com',
      replayed: false,
    });

    const [support] = await db().select().from(supports).where(eq(supports.id, receipt.supportId));
    expect(support).toMatchObject({
      creatorId: creator.userId,
      supporterUserId: null,
      supporterName: 'Sam Kim',
      supporterEmail: 'sam.kim@example.com',
      message: 'Keep going!',
      ...fees,
      isRenewal: false,
    });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.supportId, receipt.supportId));
    expect(entries.map((e) => [e.type, e.account, e.amountCents]).sort()).toEqual(
      [
        ['creator_net', `creator:${creator.userId}`, fees.creatorNetCents],
        ['gross', 'supporters', 1_500],
        ['platform_fee', 'platform', fees.platformFeeCents],
        ['processing_fee', 'processor', fees.processingFeeCents],
      ].sort(),
    );
    const [attempt] = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, body.idempotencyKey));
    expect(attempt).toMatchObject({
      status: 'succeeded',
      supportId: receipt.supportId,
      cardBrand: 'Visa',
      cardLast4: '4242',
      provider: 'sandbox',
    });
    // Only brand and last four are kept; the number is nowhere.
    expect(JSON.stringify(attempt)).not.toContain('4242424242424242');

    const [receiptEmail] = await emailsTo(db(), 'sam.kim@example.com');
    expect(receiptEmail).toMatchObject({ kind: 'support-receipt', dedupeKey: `support-receipt:${receipt.supportId}` });
    expect(receiptEmail?.textBody).toContain('Amount: $15.00');
    expect(receiptEmail?.textBody).toContain('Platform fee (5%): $0.75');
    expect(receiptEmail?.textBody).toContain('Payment processing (2.9% + $0.30): $0.74');
    expect(receiptEmail?.textBody).toContain('Pixel Pat receives: $13.51');
    expect(receiptEmail?.textBody).toContain('Test mode');
    expect(await outboxHtml(receiptEmail ?? NO_EMAIL)).toContain('<table');

    const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, creator.userId));
    const creatorEmails = await emailsTo(db(), account?.email ?? '');
    expect(creatorEmails).toHaveLength(1);
    expect(creatorEmails[0]).toMatchObject({
      kind: 'creator-new-support',
      subject: 'New support: $15.00 from Sam Kim',
    });
    expect(creatorEmails[0]?.textBody).toContain('Their message: "Keep going!"');
  });

  it('links a signed-in supporter to their account and sends the receipt to the email given', async () => {
    const creator = await fakeCreator(db());
    const supporter = await fakeUser(t);
    const res = await postCheckout(supporter.client, creator.username, checkoutBody({ email: supporter.email }));
    expect(res.statusCode).toBe(200);
    const [support] = await db().select().from(supports).where(eq(supports.id, res.json().receipt.supportId));
    expect(support?.supporterUserId).toBe(supporter.user.id);
  });

  it('keeps an anonymous supporter’s name and email privately while the public profile shows no name', async () => {
    const creator = await fakeCreator(db());
    const res = await postCheckout(
      t.client(),
      creator.username,
      checkoutBody({ isAnonymous: true, name: 'Secret Sam', email: 'secret@example.com' }),
    );
    expect(res.statusCode).toBe(200);
    const [support] = await db().select().from(supports).where(eq(supports.id, res.json().receipt.supportId));
    expect(support).toMatchObject({
      isAnonymous: true,
      supporterName: 'Secret Sam',
      supporterEmail: 'secret@example.com',
    });
    const profile = (await t.client().get(`/api/creators/${creator.username}`)).json();
    expect(profile.recentSupports[0]).toMatchObject({ id: support?.id, name: null });
    const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, creator.userId));
    expect((await emailsTo(db(), account?.email ?? ''))[0]?.subject).toContain('from An anonymous supporter');
  });

  it('accepts a tier whose amount matches, and refuses one that changed since the page loaded', async () => {
    const creator = await fakeCreator(db());
    const ok = await postCheckout(t.client(), creator.username, checkoutBody({ amount: 15, tierPosition: 1 }));
    expect(ok.statusCode).toBe(200);
    const [support] = await db().select().from(supports).where(eq(supports.id, ok.json().receipt.supportId));
    expect(support?.tierPosition).toBe(1);
    const stale = await postCheckout(t.client(), creator.username, checkoutBody({ amount: 16, tierPosition: 1 }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fieldErrors).toEqual({ tierPosition: CHECKOUT_MESSAGES.tierChanged });
  });
});

describe('checkout: the creator’s rules', () => {
  it('404 for an unknown or deleted creator', async () => {
    const unknown = await postCheckout(t.client(), 'nobody_here_at_all', checkoutBody());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Creator not found' });
    const gone = await fakeCreator(db());
    await db().update(creatorProfiles).set({ deletedAt: new Date() }).where(eq(creatorProfiles.userId, gone.userId));
    expect((await postCheckout(t.client(), gone.username, checkoutBody())).statusCode).toBe(404);
  });

  it('refuses less than the creator’s minimum, naming it, and writes nothing', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Maya', minimumAmountCents: 1_000 });
    const before = await moneyCounts(db(), creator.userId);
    const res = await postCheckout(t.client(), creator.username, checkoutBody({ amount: 9 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The minimum support for Maya is $10',
      fieldErrors: { amount: 'The minimum support for Maya is $10' },
    });
    expect(await moneyCounts(db(), creator.userId)).toEqual(before);
    expect((await postCheckout(t.client(), creator.username, checkoutBody({ amount: 10 }))).statusCode).toBe(200);
  });

  it('refuses a message when the creator does not accept messages, but not an empty one', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Quiet Quinn', allowMessages: false });
    const res = await postCheckout(t.client(), creator.username, checkoutBody({ message: 'hello', amount: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      amount: 'The minimum support for Quiet Quinn is $3',
      message: 'Quiet Quinn is not accepting messages',
    });
    expect((await postCheckout(t.client(), creator.username, checkoutBody({ message: '   ' }))).statusCode).toBe(200);
  });

  it('uses the shared form messages for amounts, email, name and message (including the $10,000 cap)', async () => {
    const creator = await fakeCreator(db());
    const res = await postCheckout(
      t.client(),
      creator.username,
      checkoutBody({ amount: 10_001, email: 'nope', message: 'x'.repeat(201) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      amount: SUPPORT_MESSAGES.amountTooLarge,
      email: SUPPORT_MESSAGES.emailInvalid,
      message: SUPPORT_MESSAGES.messageTooLong,
    });
    expect(SUPPORT_MESSAGES.amountTooLarge).toBe('The maximum single support is $10,000');
    const cents = await postCheckout(t.client(), creator.username, checkoutBody({ amount: 5.5 }));
    expect(cents.json().fieldErrors).toEqual({ amount: SUPPORT_MESSAGES.amountWhole });
    const bigOk = await postCheckout(t.client(), creator.username, checkoutBody({ amount: 10_000 }));
    expect(bigOk.json().receipt).toMatchObject(calculateFees(1_000_000, 'usd'));
  });
});

describe('checkout: cards', () => {
  it('checks the number (Luhn), expiry and security code before anything is recorded or charged', async () => {
    const creator = await fakeCreator(db());
    const before = await moneyCounts(db(), creator.userId);
    const thisYear = new Date().getUTCFullYear();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ number: '4242 4242 4242 4241' }, { 'card.number': CARD_MESSAGES.numberInvalid }],
      [{ number: '4242 abcd' }, { 'card.number': CARD_MESSAGES.numberInvalid }],
      [{ number: '' }, { 'card.number': CARD_MESSAGES.numberRequired }],
      [{ expMonth: 1, expYear: thisYear - 1 }, { 'card.expMonth': CARD_MESSAGES.expired }],
      [{ expMonth: 13 }, { 'card.expMonth': CARD_MESSAGES.expiryInvalid }],
      [{ expYear: thisYear + 40 }, { 'card.expMonth': CARD_MESSAGES.expiryInvalid }],
      [{ cvc: '12' }, { 'card.cvc': CARD_MESSAGES.cvcInvalid }],
      [{ cvc: '1234' }, { 'card.cvc': CARD_MESSAGES.cvcInvalid }],
      [{ number: '3782 822463 10005', cvc: '123' }, { 'card.cvc': CARD_MESSAGES.cvcInvalid }],
    ];
    for (const [card, fieldErrors] of cases) {
      const res = await t.client().post('/sandbox-pay/v1/payment-methods', { card: { ...SUCCEEDING_CARD, ...card } });
      expect(res.statusCode, JSON.stringify(card)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(card)).toEqual(fieldErrors);
    }
    expect(await moneyCounts(db(), creator.userId)).toEqual(before);
    const amex = await postCheckout(t.client(), creator.username, checkoutBody(), {
      ...SUCCEEDING_CARD,
      number: '3782 822463 10005',
      cvc: '1234',
    });
    expect(amex.json().receipt).toMatchObject({ cardBrand: 'American Express', cardLast4: '0005' });
  });

  it('a declined card answers 402 with a clear message on the card number, and records no support or ledger entry', async () => {
    const creator = await fakeCreator(db());
    const before = await moneyCounts(db(), creator.userId);
    const body = checkoutBody();
    const res = await postCheckout(t.client(), creator.username, body, DECLINED_CARD);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      message: 'Your card was declined.',
      fieldErrors: { card: 'Your card was declined.' },
    });
    const after = await moneyCounts(db(), creator.userId);
    expect(after).toEqual({ ...before, attempts: before.attempts + 1 });
    const [attempt] = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, body.idempotencyKey));
    // Still open: the supporter may try another card on the same intent.
    expect(attempt).toMatchObject({ status: 'pending', supportId: null });
    expect(await emailsTo(db(), body.email)).toEqual([]);

    // The same attempt with a good card pays once, on the same intent.
    const again = await postCheckout(t.client(), creator.username, body, SUCCEEDING_CARD);
    expect(again.statusCode).toBe(200);
    expect((await moneyCounts(db(), creator.userId)).supports).toBe(before.supports + 1);
    const [paidAttempt] = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, body.idempotencyKey));
    expect(paidAttempt?.providerIntentId).toBe(attempt?.providerIntentId);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('insufficient funds and non-test cards are refused with their own messages', async () => {
    const creator = await fakeCreator(db());
    const poor = await postCheckout(t.client(), creator.username, checkoutBody(), INSUFFICIENT_FUNDS_CARD);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toEqual({
      message: 'Your card has insufficient funds.',
      fieldErrors: { card: 'Your card has insufficient funds.' },
    });
    // A real-looking (Luhn-valid) card: test mode only takes the documented test cards.
    const real = await postCheckout(t.client(), creator.username, checkoutBody(), {
      ...SUCCEEDING_CARD,
      number: '4111 1111 1111 1111',
    });
    expect(real.statusCode).toBe(402);
    expect(real.json().fieldErrors).toEqual({ card: SANDBOX_MESSAGES.testModeOnly });
    expect((await moneyCounts(db(), creator.userId)).supports).toBe(0);
  });
});

describe('checkout: idempotency', () => {
  it('a repeat with the same key returns the first receipt (replayed) and charges once', async () => {
    const creator = await fakeCreator(db());
    const client = t.client();
    const body = checkoutBody();
    const first = await postCheckout(client, creator.username, body);
    const second = await postCheckout(client, creator.username, body);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().receipt).toEqual({ ...first.json().receipt, replayed: true });
    expect(await moneyCounts(db(), creator.userId)).toMatchObject({ supports: 1, ledgerEntries: 4, attempts: 1 });
    expect(await emailsTo(db(), body.email)).toHaveLength(1);
  });

  it('a repeat still gets its receipt after the creator changed their rules', async () => {
    const creator = await fakeCreator(db());
    const body = checkoutBody({ amount: 5, message: 'hi' });
    const first = await postCheckout(t.client(), creator.username, body);
    await db()
      .update(creatorProfiles)
      .set({ minimumAmountCents: 2_000, allowMessages: false })
      .where(eq(creatorProfiles.userId, creator.userId));
    const repeat = await postCheckout(t.client(), creator.username, body);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().receipt).toEqual({ ...first.json().receipt, replayed: true });
    expect(
      (await postCheckout(t.client(), creator.username, { ...body, idempotencyKey: randomUUID() })).statusCode,
    ).toBe(400);
  });

  it('the same key with a different payment is refused with 409', async () => {
    const creator = await fakeCreator(db());
    const body = checkoutBody();
    expect((await postCheckout(t.client(), creator.username, body)).statusCode).toBe(200);
    const changed = await postCheckout(t.client(), creator.username, { ...body, amount: 50 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ message: CHECKOUT_MESSAGES.keyReused });
    expect((await moneyCounts(db(), creator.userId)).supports).toBe(1);
  });

  it('50 keys each sent twice at the same moment charge once each', { timeout: 120_000 }, async () => {
    const creator = await fakeCreator(db());
    const bodies = Array.from({ length: 50 }, (_, i) => checkoutBody({ amount: 5 + (i % 7) }));
    const chargesBefore = (await moneyCounts(db())).succeededCharges;
    const responses = await Promise.all(
      bodies.flatMap((body) => [
        postCheckout(t.client(), creator.username, body),
        postCheckout(t.client(), creator.username, body),
      ]),
    );
    for (let i = 0; i < bodies.length; i++) {
      const pair = [responses[2 * i], responses[2 * i + 1]];
      for (const res of pair) expect(res?.statusCode, res?.body).toBe(200);
      const receipts = pair.map((res) => res?.json().receipt as CheckoutReceipt);
      expect(receipts[0]?.supportId).toBe(receipts[1]?.supportId);
    }
    const counts = await moneyCounts(db(), creator.userId);
    expect(counts).toMatchObject({ supports: 50, ledgerEntries: 200, attempts: 50 });
    expect((await moneyCounts(db())).succeededCharges - chargesBefore).toBe(50);
    const [total] = await db()
      .select({ sum: sql<number>`sum(${supports.amountCents})`.mapWith(Number) })
      .from(supports)
      .where(eq(supports.creatorId, creator.userId));
    expect(total?.sum).toBe(bodies.reduce((sum, b) => sum + Number(b.amount) * 100, 0));
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('a duplicate arriving while the first is still at the provider waits, then gets 409; a later repeat gets the same intent', async () => {
    const creator = await fakeCreator(db());
    const base = moneyDeps(t);
    let release = () => {};
    const atProvider = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => {};
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    let calls = 0;
    // A provider that holds the first intent until the test lets it go.
    const slow: PaymentProvider = {
      ...base.provider,
      createIntent: async (request) => {
        calls++;
        arrived();
        await atProvider;
        return base.provider.createIntent(request);
      },
    };
    const deps = { ...base, provider: slow, duplicateWaitMs: 200 };
    const body = checkoutSchema.parse(checkoutBody());
    const first = createSupport(deps, creator.username, body, null, '10.9.0.1');
    await firstArrived;
    await expect(createSupport(deps, creator.username, body, null, '10.9.0.2')).rejects.toMatchObject({
      code: 'conflict',
      message: CHECKOUT_MESSAGES.inProgress,
    });
    release();
    const started = await first;
    expect('payment' in started && started.payment.status).toBe('requires_payment_method');
    expect(await createSupport(deps, creator.username, body, null, '10.9.0.3')).toEqual(started);
    expect(calls).toBe(1);
  });
});

describe('checkout: concurrency', () => {
  it('200 concurrent checkouts for one creator give exact totals', { timeout: 240_000 }, async () => {
    const creator = await fakeCreator(db(), { minimumAmountCents: 100 });
    const bodies = Array.from({ length: 200 }, (_, i) =>
      checkoutBody({ amount: 1 + ((i * 37) % 250), isRecurring: i % 10 === 0 }),
    );
    const responses = await Promise.all(bodies.map((body) => postCheckout(t.client(), creator.username, body)));
    expect(responses.map((r) => r.statusCode)).toEqual(bodies.map(() => 200));
    const expected = bodies.reduce(
      (acc, b) => {
        const fees = calculateFees(Number(b.amount) * 100, 'usd');
        return {
          gross: acc.gross + fees.amountCents,
          net: acc.net + fees.creatorNetCents,
          platform: acc.platform + fees.platformFeeCents,
          processing: acc.processing + fees.processingFeeCents,
        };
      },
      { gross: 0, net: 0, platform: 0, processing: 0 },
    );
    const sumOf = (type: string) =>
      sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = ${type}), 0)`.mapWith(
        Number,
      );
    const [books] = await db()
      .select({
        gross: sumOf('gross'),
        net: sumOf('creator_net'),
        platform: sumOf('platform_fee'),
        processing: sumOf('processing_fee'),
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creatorId, creator.userId));
    expect(books).toEqual(expected);
    expect(await moneyCounts(db(), creator.userId)).toMatchObject({ supports: 200, ledgerEntries: 800 });
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.creatorId, creator.userId));
    expect(subs).toHaveLength(20);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });
});

describe('checkout: monthly support', () => {
  it('creates an active subscription with its first period paid, a saved sandbox card, and a cancel link in the receipt', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Green Streets' });
    const body = checkoutBody({ amount: 25, isRecurring: true, email: 'monthly@example.com' });
    const res = await postCheckout(t.client(), creator.username, body);
    expect(res.statusCode).toBe(200);
    const receipt: CheckoutReceipt = res.json().receipt;
    expect(receipt.isRecurring).toBe(true);
    expect(receipt.subscriptionId).toEqual(expect.any(String));
    const created = new Date(receipt.createdAt);
    const next = new Date(receipt.nextChargeAt ?? '');
    expect(next.getUTCDate()).toBe(
      Math.min(created.getUTCDate(), new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()),
    );
    expect((next.getUTCMonth() - created.getUTCMonth() + 12) % 12).toBe(1);

    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, receipt.subscriptionId ?? ''));
    expect(sub).toMatchObject({
      status: 'active',
      amountCents: 2_500,
      periodNumber: 0,
      cardLast4: '4242',
      supporterEmail: 'monthly@example.com',
      cancelAtPeriodEnd: false,
    });
    const [method] = await db()
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.token, sub?.paymentMethodToken ?? ''));
    expect(method).toMatchObject({ brand: 'Visa', last4: '4242', behaviour: 'succeed' });
    expect(Object.keys(method ?? {})).not.toContain('number');
    const charges = await db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, sub?.id ?? ''));
    expect(charges).toEqual([
      expect.objectContaining({ periodNumber: 0, status: 'succeeded', supportId: receipt.supportId }),
    ]);

    const [email] = await emailsTo(db(), 'monthly@example.com');
    expect(email?.textBody).toContain('Amount: $25.00 per month');
    // Links point at the origin the request came to (no PUBLIC_URL in tests).
    const token = decodeURIComponent(
      /http:\/\/localhost(?::\d+)?\/subscriptions\/cancel\?token=(\S+)/.exec(email?.textBody ?? '')?.[1] ?? '',
    );
    expect(verifyCancelToken(resolveAppSecret(t.app.config), token)).toBe(sub?.id);
    // The HTML part's button is the same cancel link.
    const button = /<a class="bab-button" href="([^"]+)"[^>]*>.*?Cancel monthly support<\/span>/.exec(
      (await outboxHtml(email ?? NO_EMAIL)) ?? '',
    );
    expect(button?.[1]?.replace(/&amp;/g, '&')).toContain(`/subscriptions/cancel?token=${encodeURIComponent(token)}`);
  });

  it('a declined card creates no subscription', async () => {
    const creator = await fakeCreator(db());
    const res = await postCheckout(t.client(), creator.username, checkoutBody({ isRecurring: true }), DECLINED_CARD);
    expect(res.statusCode).toBe(402);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.creatorId, creator.userId))).toEqual([]);
  });
});

describe('checkout: creator notifications follow their settings', () => {
  async function creatorWith(settings: { notifyNewSupport: boolean; notifySupporterMessages: boolean }) {
    const creator = await fakeCreator(db());
    await db().update(users).set(settings).where(eq(users.id, creator.userId));
    const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, creator.userId));
    return { creator, email: account?.email ?? '' };
  }

  it('new-support off but messages on: only a message email, and only when there is a message', async () => {
    const { creator, email } = await creatorWith({ notifyNewSupport: false, notifySupporterMessages: true });
    await postCheckout(t.client(), creator.username, checkoutBody());
    expect(await emailsTo(db(), email)).toEqual([]);
    await postCheckout(t.client(), creator.username, checkoutBody({ message: 'You rock' }));
    expect((await emailsTo(db(), email)).map((e) => e.kind)).toEqual(['creator-supporter-message']);
  });

  it('new-support on, messages off: the new-support email leaves the message out', async () => {
    const { creator, email } = await creatorWith({ notifyNewSupport: true, notifySupporterMessages: false });
    await postCheckout(t.client(), creator.username, checkoutBody({ message: 'Private words' }));
    const [sent] = await emailsTo(db(), email);
    expect(sent?.kind).toBe('creator-new-support');
    expect(sent?.textBody).not.toContain('Private words');
  });

  it('both off: nothing', async () => {
    const { creator, email } = await creatorWith({ notifyNewSupport: false, notifySupporterMessages: false });
    await postCheckout(t.client(), creator.username, checkoutBody({ message: 'hi' }));
    expect(await emailsTo(db(), email)).toEqual([]);
  });
});

describe('checkout: rate limits', () => {
  it('limits checkouts per visitor and per email', async () => {
    const creator = await fakeCreator(db());
    const client = t.client();
    for (let i = 0; i < CHECKOUT_LIMITS.perIp.limit; i++) {
      await db()
        .insert(rateLimits)
        .values({
          key: `${CHECKOUT_LIMITS.perIp.name}:${client.ip}`,
          windowStart: new Date(Math.floor(Date.now() / 60_000) * 60_000),
          count: CHECKOUT_LIMITS.perIp.limit,
        })
        .onConflictDoNothing();
    }
    const limited = await postCheckout(client, creator.username, checkoutBody());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    const email = 'busy@example.com';
    const statuses: number[] = [];
    for (let i = 0; i <= CHECKOUT_LIMITS.perEmail.limit; i++)
      statuses.push((await postCheckout(t.client(), creator.username, checkoutBody({ email }))).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('checkout: a request that died mid-payment', () => {
  const pendingAttempt = (creatorId: string, key: string, ageMs: number) =>
    insertPendingCheckoutAttempt(db(), creatorId, key, ageMs);

  /** The provider's intent for the attempt, confirmed in the card frame: the page then closed and the event was lost. */
  async function paidIntent(deps: ReturnType<typeof moneyDeps>, attemptId: string, key: string) {
    const intent = await deps.provider.createIntent({
      amountCents: 700,
      currency: 'usd',
      customer: 'crashed@example.com',
      keepCard: false,
      applicationFeeCents: 35,
      destination: 'creator:test',
      description: 'test',
      metadata: {},
      idempotencyKey: `checkout:${key}`,
    });
    await db().update(paymentAttempts).set({ providerIntentId: intent.id }).where(eq(paymentAttempts.id, attemptId));
    const method = await deps.provider.tokenizeCard(SUCCEEDING_CARD);
    if (!method.ok) throw new Error('tokenize failed');
    await deps.provider.confirmIntent(intent.id, intent.clientSecret, method.paymentMethod.id);
  }

  it('is completed from the provider’s record when the card was charged', async () => {
    const creator = await fakeCreator(db());
    const deps = moneyDeps(t);
    const key = randomUUID();
    const attempt = await pendingAttempt(creator.userId, key, STALE_ATTEMPT_MS + 1_000);
    await paidIntent(deps, attempt.id, key);
    // On a slow machine this file's earlier tests' unfinished attempts are stale by now too: they are recovered
    // alongside, so the count is at least this one.
    const first = await recoverInterruptedCheckouts(deps);
    expect(first.errors).toBe(0);
    expect(first.recovered).toBeGreaterThanOrEqual(1);
    const [done] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
    expect(done).toMatchObject({ status: 'succeeded' });
    const [support] = await db()
      .select()
      .from(supports)
      .where(eq(supports.id, done?.supportId ?? ''));
    expect(support).toMatchObject({
      amountCents: 700,
      supporterEmail: 'crashed@example.com',
    });
    // A second run does not record it again.
    await recoverInterruptedCheckouts(deps);
    expect((await moneyCounts(db(), creator.userId)).supports).toBe(1);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('writes nothing when the attempt was completed meanwhile (the one-statement write is gated by the attempt)', async () => {
    const creator = await fakeCreator(db());
    const deps = moneyDeps(t);
    const key = randomUUID();
    const pending = await pendingAttempt(creator.userId, key, STALE_ATTEMPT_MS + 1_000);
    await paidIntent(deps, pending.id, key);
    const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.id, pending.id));
    if (!attempt) throw new Error('no attempt');
    await completeInterruptedCheckout(deps, attempt);
    const after = await moneyCounts(db(), creator.userId);
    const emailsAfter = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(emailOutbox);
    // A second completer (a late request, another instance's recovery job) with the stale pending row.
    await completeInterruptedCheckout(deps, attempt);
    expect(await moneyCounts(db(), creator.userId)).toEqual(after);
    expect(after.supports).toBe(1);
    expect(
      await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(emailOutbox),
    ).toEqual(emailsAfter);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('is marked interrupted (not charged) when the provider never saw it, and a repeat says so', async () => {
    const creator = await fakeCreator(db());
    const deps = moneyDeps(t);
    const attempt = await pendingAttempt(creator.userId, randomUUID(), STALE_ATTEMPT_MS + 1_000);
    await completeInterruptedCheckout(deps, attempt);
    const [done] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
    expect(done).toMatchObject({
      status: 'failed',
      failureCode: 'interrupted',
      failureMessage: CHECKOUT_MESSAGES.interrupted,
    });
    expect((await moneyCounts(db(), creator.userId)).supports).toBe(0);
  });

  it('leaves a fresh pending attempt alone', async () => {
    const creator = await fakeCreator(db());
    await pendingAttempt(creator.userId, randomUUID(), 1_000);
    const before = await moneyCounts(db(), creator.userId);
    await recoverInterruptedCheckouts(moneyDeps(t));
    expect(await moneyCounts(db(), creator.userId)).toEqual(before);
  });
});

describe('checkout: the first statement records the attempt only when every rule lets it through', () => {
  it('a refused checkout (rate limit, stale tier, refused message, gone creator, bad card) leaves no attempt, so its key stays free', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Strict Sam', allowMessages: false });
    const before = await moneyCounts(db(), creator.userId);
    const key = randomUUID();
    const client = t.client();
    await db()
      .insert(rateLimits)
      .values({
        key: `${CHECKOUT_LIMITS.perIp.name}:${client.ip}`,
        windowStart: new Date(Math.floor(Date.now() / 60_000) * 60_000),
        count: CHECKOUT_LIMITS.perIp.limit,
      });
    expect((await postCheckout(client, creator.username, checkoutBody({ idempotencyKey: key }))).statusCode).toBe(429);
    expect(
      (
        await postCheckout(
          t.client(),
          creator.username,
          checkoutBody({ idempotencyKey: key, amount: 16, tierPosition: 1 }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await postCheckout(t.client(), creator.username, checkoutBody({ idempotencyKey: key, message: 'hi' })))
        .statusCode,
    ).toBe(400);
    expect(
      (await postCheckout(t.client(), creator.username, checkoutBody({ idempotencyKey: key, amount: 2 }))).statusCode,
    ).toBe(400);
    // Card fields are not part of the API at all.
    const withCard = await startCheckout(t.client(), creator.username, {
      ...checkoutBody({ idempotencyKey: key }),
      card: SUCCEEDING_CARD,
    } as never);
    expect(withCard.statusCode).toBe(400);
    expect(await moneyCounts(db(), creator.userId)).toEqual(before);
    expect(await db().select().from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, key))).toEqual([]);

    const gone = await fakeCreator(db());
    await db().update(creatorProfiles).set({ deletedAt: new Date() }).where(eq(creatorProfiles.userId, gone.userId));
    expect((await postCheckout(t.client(), gone.username, checkoutBody({ idempotencyKey: key }))).statusCode).toBe(404);
    expect(await moneyCounts(db(), gone.userId)).toMatchObject({ attempts: 0, supports: 0 });

    // The key was never taken: the corrected checkout goes through with it.
    const ok = await postCheckout(t.client(), creator.username, checkoutBody({ idempotencyKey: key }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().receipt.replayed).toBe(false);
  });

  it('the recorded attempt holds the whole request (the creator included); a request that died before the page got its intent is canceled by recovery', async () => {
    const creator = await fakeCreator(db());
    const started = new Date();
    const deps = moneyDeps(t, started);
    const real = deps.provider;
    const dying: PaymentProvider = {
      ...real,
      createIntent: async (request) => {
        await real.createIntent(request);
        throw new Error('the process died after the provider created the intent');
      },
    };
    const body = checkoutSchema.parse(checkoutBody({ amount: 12, message: 'Go!', name: 'Dee', isRecurring: true }));
    await expect(
      createSupport({ ...deps, provider: dying }, creator.username, body, null, '10.31.0.1'),
    ).rejects.toThrow('the process died');
    const [attempt] = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, body.idempotencyKey));
    expect(attempt).toMatchObject({
      status: 'pending',
      creatorId: creator.userId,
      amountCents: 1_200,
      provider: 'sandbox',
    });
    expect(attempt?.request).toMatchObject({
      creatorId: creator.userId,
      amountCents: 1_200,
      email: body.email,
      name: 'Dee',
      message: 'Go!',
      isRecurring: true,
    });

    if (!attempt) throw new Error('no attempt recorded');
    await completeInterruptedCheckout(moneyDeps(t, new Date(started.getTime() + STALE_ATTEMPT_MS + 1_000)), attempt);
    const [done] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
    expect(done).toMatchObject({ status: 'failed', failureCode: 'interrupted', supportId: null });
    const intent = await real.retrieveIntent(done?.providerIntentId ?? '');
    expect(intent?.status).toBe('canceled');
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });
});
