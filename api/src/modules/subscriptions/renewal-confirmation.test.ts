import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { RENEWAL_CONFIRM_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { resolveAppSecret } from '../../config/env';
import {
  emailOutbox,
  paymentAttempts,
  sandboxCharges,
  subscriptionCharges,
  subscriptions,
  supports,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  AUTHENTICATION_CARD,
  checkoutBody,
  moneyDeps,
  paySupport,
  type TestMoneyDeps,
} from '../checkout/checkout-test-factories';
import { paymentEventDispatcher } from '../../payment-event-handlers';
import { intentEvent } from '../payments/payment-events';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { updateSandboxPaymentMethodBehaviour } from '../payments/sandbox/sandbox-repository';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { signCancelToken } from './subscription-link';
import { signConfirmToken } from './confirm-link';
import { renewSubscription, UNCONFIRMED_MESSAGE } from './renewal-service';
import { addMonthsClamped } from './subscription-periods';

/** A provider event about an intent, handled as the server handles it. */
const dispatch = paymentEventDispatcher();
const handlePaymentEvent = (
  deps: Parameters<typeof dispatch>[0],
  event: { id: string; type: string; intentId: string },
) => dispatch(deps, intentEvent(event));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
let ipCounter = 0;

/** A monthly support paid with the 3-D Secure card a month ago, so that its renewal is due about now. */
async function monthlyNeedingAuthentication() {
  const start = new Date(Math.floor((Date.now() - 31 * DAY) / 1000) * 1000);
  const creator = await fakeCreator(db(), { displayName: 'Green Streets' });
  const body = checkoutRequestSchema.parse(checkoutBody({ isRecurring: true, amount: 12 }));
  const receipt = await paySupport(
    moneyDeps(t, start),
    creator.username,
    body,
    null,
    `10.78.0.${++ipCounter}`,
    AUTHENTICATION_CARD,
  );
  const id = receipt.subscriptionId ?? '';
  const due = new Date(addMonthsClamped(start, 1).getTime() + 60_000);
  return { id, email: body.email, due };
}

const depsAt = (at: Date): TestMoneyDeps => ({ ...moneyDeps(t, at), log: () => {} });
const sub = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const supportsOf = (id: string) => db().select().from(supports).where(eq(supports.subscriptionId, id));
const confirmEmails = (to: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'renewal-needs-confirmation')));

/** The token of the link in the latest "confirm your renewal" email. */
async function tokenFromEmail(to: string): Promise<string> {
  const emails = await confirmEmails(to);
  const text = emails.at(-1)?.textBody ?? '';
  const url = /(https?:\S+\/subscriptions\/confirm\?token=\S+)/.exec(text)?.[1];
  if (!url) throw new Error(`no confirmation link in: ${text}`);
  return new URL(url).searchParams.get('token') ?? '';
}

async function succeededSandboxCharges(paymentMethodToken: string) {
  return db()
    .select()
    .from(sandboxCharges)
    .where(and(eq(sandboxCharges.paymentMethodToken, paymentMethodToken), eq(sandboxCharges.status, 'succeeded')));
}

describe('a renewal that needs the supporter to authenticate', () => {
  it('keeps the intent for the month, shows it, emails one link; confirming records one support', async () => {
    const { id, email, due } = await monthlyNeedingAuthentication();
    expect(await renewSubscription(depsAt(due), id, due)).toBe('failed');
    // The job running again before the retry date changes nothing and sends nothing more.
    expect(await renewSubscription(depsAt(due), id, due)).toBe('skipped');

    const row = await sub(id);
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    const [charge] = await db()
      .select()
      .from(subscriptionCharges)
      .where(and(eq(subscriptionCharges.subscriptionId, id), eq(subscriptionCharges.periodNumber, 1)));
    expect(charge?.actionIntentId).toMatch(/^pi_/);
    expect(await confirmEmails(email)).toHaveLength(1);
    const [email1] = await confirmEmails(email);
    expect(email1?.textBody).toContain('Your bank asks you to confirm the payment of $12.00');

    // My Missions (the supporter dashboard's subscriptions) and the cancel link's page say so.
    const cancelToken = signCancelToken(resolveAppSecret(t.app.config), id);
    const dto = await t.client().get(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(cancelToken)}`);
    expect(dto.json().subscription).toMatchObject({ status: 'past_due', needsConfirmation: true });

    const token = await tokenFromEmail(email);
    const described = await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`);
    expect(described.statusCode, described.body).toBe(200);
    const confirmation = described.json().confirmation;
    expect(confirmation).toMatchObject({
      creatorDisplayName: 'Green Streets',
      amountCents: 1_200,
      periodStart: charge?.periodStart.toISOString(),
      cardLast4: '3184',
      payment: { intentId: charge?.actionIntentId, frameUrl: '/sandbox-pay/v1/card-frame' },
    });

    // Before the challenge is answered nothing is recorded.
    expect((await t.client().post('/api/subscriptions/confirm', { token })).json()).toEqual({ status: 'awaiting' });

    const deps = depsAt(new Date());
    const { intentId, clientSecret } = confirmation.payment as { intentId: string; clientSecret: string };
    expect((await deps.provider.authenticateIntent(intentId, clientSecret, true))?.status).toBe('succeeded');
    const confirmed = await t.client().post('/api/subscriptions/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'paid' });

    // Twice from the page, and the provider's event: nothing more.
    expect((await t.client().post('/api/subscriptions/confirm', { token })).json()).toEqual({ status: 'paid' });
    await handlePaymentEvent(deps, { id: `evt_test_${id}`, type: 'payment_intent.succeeded', intentId });
    const again = await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RENEWAL_CONFIRM_MESSAGES.alreadyPaid);

    const renewals = (await supportsOf(id)).filter((s) => s.isRenewal);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.amountCents).toBe(1_200);
    expect(await sub(id)).toMatchObject({ status: 'active', failedAttempts: 0, nextRetryAt: null, periodNumber: 1 });
    const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.providerIntentId, intentId));
    expect(attempt).toMatchObject({ status: 'succeeded', supportId: renewals[0]?.id });
    expect(await succeededSandboxCharges(row.paymentMethodToken)).toHaveLength(2);
    expect((await checkLedgerIntegrity(db())).ok).toBe(true);
  });

  it('the provider event alone records it once', async () => {
    const { id, email, due } = await monthlyNeedingAuthentication();
    await renewSubscription(depsAt(due), id, due);
    const token = await tokenFromEmail(email);
    const { intentId, clientSecret } = (
      await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`)
    ).json().confirmation.payment;
    const deps = depsAt(new Date());
    await deps.provider.authenticateIntent(intentId, clientSecret, true);
    await handlePaymentEvent(deps, { id: `evt_a_${id}`, type: 'payment_intent.succeeded', intentId });
    await handlePaymentEvent(deps, { id: `evt_b_${id}`, type: 'payment_intent.succeeded', intentId });
    expect((await t.client().post('/api/subscriptions/confirm', { token })).json()).toEqual({ status: 'paid' });
    expect((await supportsOf(id)).filter((s) => s.isRenewal)).toHaveLength(1);
    expect(await sub(id)).toMatchObject({ status: 'active' });
  });

  it('a retry that paid first cancels the open intent: a late confirmation charges nothing', async () => {
    const { id, email, due } = await monthlyNeedingAuthentication();
    await renewSubscription(depsAt(due), id, due);
    const token = await tokenFromEmail(email);
    const { intentId, clientSecret } = (
      await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`)
    ).json().confirmation.payment;
    const row = await sub(id);
    // The bank stops asking: the retry a day later goes through off-session.
    await updateSandboxPaymentMethodBehaviour(db(), row.paymentMethodToken, 'succeed');
    const retry = new Date(due.getTime() + DAY + 60_000);
    expect(await renewSubscription(depsAt(retry), id, retry)).toBe('renewed');

    const deps = depsAt(new Date());
    expect((await deps.provider.authenticateIntent(intentId, clientSecret, true))?.status).toBe('canceled');
    await handlePaymentEvent(deps, { id: `evt_late_${id}`, type: 'payment_intent.canceled', intentId });
    const late = await t.client().post('/api/subscriptions/confirm', { token });
    expect(late.json()).toEqual({ status: 'paid' });
    const page = await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(409);
    expect((await supportsOf(id)).filter((s) => s.isRenewal)).toHaveLength(1);
    expect(await succeededSandboxCharges(row.paymentMethodToken)).toHaveLength(2);
  });

  it('unconfirmed, the retries follow and the support lapses; the link then says it expired', async () => {
    const { id, email, due } = await monthlyNeedingAuthentication();
    const at = (days: number) => new Date(due.getTime() + days * DAY + 60_000);
    expect(await renewSubscription(depsAt(due), id, due)).toBe('failed');
    expect(await renewSubscription(depsAt(at(1)), id, at(1))).toBe('failed');
    expect(await renewSubscription(depsAt(at(3)), id, at(3))).toBe('failed');
    expect(await renewSubscription(depsAt(at(5)), id, at(5))).toBe('lapsed');
    expect(await confirmEmails(email)).toHaveLength(3);
    const [lapsed] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'subscription-lapsed')));
    expect(lapsed?.textBody).toContain(`without success (${UNCONFIRMED_MESSAGE})`);
    const token = await tokenFromEmail(email);
    const res = await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RENEWAL_CONFIRM_MESSAGES.expired);
    // Every intent it left was canceled at the provider: none can be confirmed any more.
    const attempts = await db()
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.subscriptionId, id), eq(paymentAttempts.purpose, 'renewal')));
    expect(attempts).toHaveLength(4);
    const provider = depsAt(new Date()).provider;
    for (const a of attempts)
      expect((await provider.retrieveIntent(a.providerIntentId ?? ''))?.status, a.idempotencyKey).toBe('canceled');
    expect(await sub(id)).toMatchObject({ status: 'lapsed' });
  });

  it('a failed challenge: the link still opens the month, and retry asks the bank again on the same card', async () => {
    const { id, email, due } = await monthlyNeedingAuthentication();
    await renewSubscription(depsAt(due), id, due);
    const token = await tokenFromEmail(email);
    const first = (await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`)).json()
      .confirmation as {
      authenticationFailed: boolean;
      cardLinkPath: string;
      payment: { intentId: string; clientSecret: string };
    };
    expect(first.authenticationFailed).toBe(false);
    // A retry before any answer changes nothing: the same challenge.
    const early = await t.client().post('/api/subscriptions/confirm/retry', { token });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().confirmation.payment.intentId).toBe(first.payment.intentId);

    const deps = depsAt(new Date());
    const { intentId, clientSecret } = first.payment;
    expect((await deps.provider.authenticateIntent(intentId, clientSecret, false))?.status).toBe(
      'requires_payment_method',
    );
    const failed = await t.client().post('/api/subscriptions/confirm', { token });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toBe(RENEWAL_CONFIRM_MESSAGES.failed);

    // Opened again, by a guest: the month is still there, marked failed, with the card page's link.
    const reopened = await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().confirmation).toMatchObject({ authenticationFailed: true, amountCents: 1_200 });
    const cardLink = new URL(reopened.json().confirmation.cardLinkPath as string, 'http://localhost');
    expect(`${cardLink.pathname}${cardLink.hash}`).toBe('/subscriptions/cancel#card');
    const cardPage = await t
      .client()
      .get(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(cardLink.searchParams.get('token') ?? '')}`);
    expect(cardPage.json().subscription).toMatchObject({ id, status: 'past_due' });

    const retried = await t.client().post('/api/subscriptions/confirm/retry', { token });
    expect(retried.statusCode, retried.body).toBe(200);
    const again = retried.json() as {
      status: string;
      confirmation: { authenticationFailed: boolean; payment: { intentId: string; clientSecret: string } };
    };
    expect(again).toMatchObject({ status: 'awaiting', confirmation: { authenticationFailed: false } });
    expect(again.confirmation.payment.intentId).not.toBe(intentId);
    const second = again.confirmation.payment;
    expect((await deps.provider.authenticateIntent(second.intentId, second.clientSecret, true))?.status).toBe(
      'succeeded',
    );
    expect((await t.client().post('/api/subscriptions/confirm', { token })).json()).toEqual({ status: 'paid' });
    expect((await supportsOf(id)).filter((s) => s.isRenewal)).toHaveLength(1);
    expect(await sub(id)).toMatchObject({ status: 'active', failedAttempts: 0 });
    expect((await t.client().post('/api/subscriptions/confirm/retry', { token })).statusCode).toBe(409);
    expect((await checkLedgerIntegrity(db())).ok).toBe(true);
  });

  it('refuses a retry of a forged or empty link with a 400 and its message', async () => {
    const forged = await t.client().post('/api/subscriptions/confirm/retry', { token: 'nope' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(RENEWAL_CONFIRM_MESSAGES.linkInvalid);
    const empty = await t.client().post('/api/subscriptions/confirm/retry', { token: '' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(RENEWAL_CONFIRM_MESSAGES.linkInvalid);
  });

  it('refuses forged and expired links with a 4xx and a clear message', async () => {
    const { id, email, due } = await monthlyNeedingAuthentication();
    await renewSubscription(depsAt(due), id, due);
    const token = await tokenFromEmail(email);
    const [chargeId] = token.split('.');
    const secret = resolveAppSecret(t.app.config);
    for (const bad of [
      'nope',
      `${token}x`,
      token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      signConfirmToken('another secret', chargeId ?? '', new Date(Date.now() + DAY)),
    ]) {
      const res = await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(RENEWAL_CONFIRM_MESSAGES.linkInvalid);
      expect((await t.client().post('/api/subscriptions/confirm', { token: bad })).statusCode).toBe(400);
    }
    const expired = signConfirmToken(secret, chargeId ?? '', new Date(Date.now() - 1000));
    const res = await t.client().get(`/api/subscriptions/confirm?token=${encodeURIComponent(expired)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RENEWAL_CONFIRM_MESSAGES.expired);
    expect((await t.client().post('/api/subscriptions/confirm', { token: expired })).statusCode).toBe(409);
    expect((await supportsOf(id)).filter((s) => s.isRenewal)).toHaveLength(0);
  });
});
