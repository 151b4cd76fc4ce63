import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';
import { CREATOR_PROFILE_MESSAGES, type OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import type { CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { CreatorPayoutsResponse } from '@beabro/shared/api-schemas/payouts';
import { REFUND_MESSAGES, type RefundRequest, type RefundResponse } from '@beabro/shared/api-schemas/refunds';
import { webhookEventDataSchemas, webhookEventEnvelopeSchema } from '@beabro/shared/api-schemas/webhooks';
import { currencyRules, formatMoney } from '@beabro/shared/money/currencies';
import { calculateFees } from '@beabro/shared/money/fees';
import {
  ledgerEntries,
  paymentAttempts,
  payouts,
  refunds,
  sandboxCharges,
  sandboxTransfers,
  supports,
  users,
  webhookDeliveries,
} from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app';
import { fakeCreator } from '../creator-profile/fake-creator';
import type { HostResolver } from '../webhooks/webhook-address-guard';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { runPayouts } from '../payouts/payouts-service';
import { checkoutBody, emailsTo, moneyDeps, payCheckout } from './checkout-test-factories';

/*
 * Decision 0015: a creator's money is in their payout country's currency. A creator who onboards in the United
 * Kingdom takes pounds: the checkout, its books, receipts, dashboard, payouts, refunds and webhooks all say so.
 */

// Webhook endpoints must resolve to a public address; this one does, without DNS.
const resolveHost: HostResolver = async () => [{ address: '93.184.215.14', family: 4 }];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { resolveHost });
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY_MS = 86_400_000;

async function getProfile(client: TestClient): Promise<OwnCreatorProfileDto> {
  const res = await client.get('/api/creator-profile');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile;
}

function postRefund(client: TestClient, supportId: string, body: RefundRequest) {
  return client.request({
    method: 'POST',
    url: `/api/creator/supports/${supportId}/refunds`,
    headers: { 'idempotency-key': randomUUID() },
    payload: body as Record<string, unknown>,
  });
}

async function creatorEmail(userId: string): Promise<string> {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row?.email) throw new Error('creator without an email');
  return row.email;
}

describe('a creator in the United Kingdom takes pounds sterling', () => {
  it('onboarding in GB gives GBP, and a checkout is in pounds end to end: books, receipt, emails, dashboard, refund, payout, webhook', async () => {
    const creator = await fakeCreator(t, { displayName: 'Pound Pat', country: 'GB' });
    expect(creator.profile).toMatchObject({ country: 'GB', currency: 'gbp', currencyLocked: false });
    const hook = await creator.client.post('/api/creator/webhooks/endpoints', {
      url: 'https://hooks.example.com/beabro',
      description: 'Zapier',
      events: ['support.created'],
    });
    expect(hook.statusCode, hook.body).toBe(201);

    // The checkout, through the routes and the sandbox's card frame.
    const body = checkoutBody({ amount: 15, name: 'Sam Kim', email: 'sam.gbp@example.com', message: 'Cheers!' });
    const res = await payCheckout(t.client(), creator.profile.username, body);
    expect(res.statusCode, res.body).toBe(200);
    const receipt: CheckoutReceipt = res.json().receipt;
    const fees = calculateFees(1_500, 'gbp');
    // The processing fee's fixed part is 20p, not 30 cents.
    expect(fees.processingFeeCents).toBe(calculateFees(1_500, 'usd').processingFeeCents - 10);
    expect(receipt).toMatchObject({ currency: 'gbp', ...fees, creatorDisplayName: 'Pound Pat', replayed: false });

    // The books: the support, its four ledger entries, the attempt and the sandbox's charge, all in pounds.
    const [support] = await db().select().from(supports).where(eq(supports.id, receipt.supportId));
    expect(support).toMatchObject({ creatorId: creator.user.id, currency: 'gbp', ...fees });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.supportId, receipt.supportId));
    expect(entries.map((e) => [e.type, e.amountCents, e.currency]).sort()).toEqual(
      [
        ['creator_net', fees.creatorNetCents, 'gbp'],
        ['gross', 1_500, 'gbp'],
        ['platform_fee', fees.platformFeeCents, 'gbp'],
        ['processing_fee', fees.processingFeeCents, 'gbp'],
      ].sort(),
    );
    const [attempt] = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, body.idempotencyKey));
    expect(attempt).toMatchObject({ status: 'succeeded', supportId: receipt.supportId, currency: 'gbp' });
    const [charge] = await db()
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, attempt?.providerChargeId ?? ''));
    expect(charge).toMatchObject({ amountCents: 1_500, currency: 'gbp', status: 'succeeded' });

    // The receipt to the supporter and the creator's notice write pounds.
    const [receiptEmail] = await emailsTo(db(), 'sam.gbp@example.com');
    expect(receiptEmail?.kind).toBe('support-receipt');
    expect(receiptEmail?.subject).toBe('Receipt: £15.00 to Pound Pat');
    expect(receiptEmail?.textBody).toContain('Amount: £15.00');
    expect(receiptEmail?.textBody).toContain(`Platform fee (5%): ${formatMoney(fees.platformFeeCents, 'gbp')}`);
    expect(receiptEmail?.textBody).toContain(
      `Payment processing (2.9% + £0.20): ${formatMoney(fees.processingFeeCents, 'gbp')}`,
    );
    expect(receiptEmail?.textBody).toContain(`Pound Pat receives: ${formatMoney(fees.creatorNetCents, 'gbp')}`);
    expect(receiptEmail?.textBody).not.toContain('$');
    const toCreator = await emailsTo(db(), await creatorEmail(creator.user.id));
    expect(toCreator.find((m) => m.kind === 'creator-new-support')?.subject).toBe('New support: £15.00 from Sam Kim');

    // The webhook's support.created says pounds.
    const [delivery] = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.creatorId, creator.user.id));
    expect(delivery?.eventType).toBe('support.created');
    const event = webhookEventEnvelopeSchema.parse(JSON.parse(delivery?.body ?? '{}'));
    expect(event.type).toBe('support.created');
    expect(webhookEventDataSchemas['support.created'].parse(event.data).support).toMatchObject({
      id: receipt.supportId,
      currency: 'gbp',
      ...fees,
    });

    // The creator's dashboard and payouts page are in pounds.
    const dashboard = await creator.client.get('/api/creator/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json() as CreatorDashboard).toMatchObject({
      currency: 'gbp',
      totalEarnings: { grossCents: 1_500, netCents: fees.creatorNetCents },
    });
    const payoutsPage = await creator.client.get('/api/creator/payouts');
    expect(payoutsPage.statusCode, payoutsPage.body).toBe(200);
    expect(payoutsPage.json() as CreatorPayoutsResponse).toMatchObject({
      currency: 'gbp',
      balanceCents: fees.creatorNetCents,
      payoutCountry: 'GB',
      payoutCountrySupported: true,
      payouts: [],
    });

    // A refund is in pounds: too much is refused in pounds, a part is refunded in pounds.
    const tooMuch = await postRefund(creator.client, receipt.supportId, { amountCents: 1_501, reason: 'other' });
    expect(tooMuch.statusCode).toBe(400);
    expect(REFUND_MESSAGES.tooMuch(1_500, 'gbp')).toBe('You can refund at most £15.00');
    expect(tooMuch.json()).toEqual({
      message: 'You can refund at most £15.00',
      fieldErrors: { amountCents: 'You can refund at most £15.00' },
    });
    const refunded = await postRefund(creator.client, receipt.supportId, {
      amountCents: 500,
      reason: 'requested_by_supporter',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const { refund } = refunded.json() as RefundResponse;
    expect(refund).toMatchObject({ amountCents: 500, currency: 'gbp' });
    const [refundRow] = await db().select().from(refunds).where(eq(refunds.id, refund.id));
    expect(refundRow).toMatchObject({ status: 'succeeded', amountCents: 500, currency: 'gbp' });
    const refundEntries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.refundId, refund.id));
    expect(refundEntries.length).toBeGreaterThan(0);
    expect(refundEntries.every((e) => e.currency === 'gbp')).toBe(true);
    const refundEmail = (await emailsTo(db(), 'sam.gbp@example.com')).find((m) => m.kind === 'refund-receipt');
    expect(refundEmail?.subject).toBe('Refund: £5.00 from Pound Pat');
    expect(refundEmail?.textBody).toContain('£5.00 is on its way back to your card.');

    // The weekly payout (run once the support's week has ended and the first payout's wait is over) is in pounds.
    const balance = fees.creatorNetCents - refund.creatorDebitCents;
    const later = new Date(Date.now() + 15 * DAY_MS);
    const run = await runPayouts({ db: db(), provider: moneyDeps(t).provider, log: () => {} }, later);
    expect(run).toMatchObject({ held: 0, errors: 0 });
    const [payout] = await db().select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
    expect(payout).toMatchObject({ status: 'paid', amountCents: balance, currency: 'gbp' });
    const [transfer] = await db()
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.id, payout?.transferId ?? ''));
    expect(transfer).toMatchObject({ amountCents: balance, currency: 'gbp' });
    const [payoutEntry] = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.payoutId, payout?.id ?? ''));
    expect(payoutEntry).toMatchObject({ type: 'payout', amountCents: -balance, currency: 'gbp' });
    const paidPage = (await creator.client.get('/api/creator/payouts')).json() as CreatorPayoutsResponse;
    expect(paidPage).toMatchObject({ currency: 'gbp', balanceCents: 0 });
    expect(paidPage.payouts).toEqual([
      expect.objectContaining({ id: payout?.id, amountCents: balance, currency: 'gbp', status: 'paid' }),
    ]);
    const payoutEmail = (await emailsTo(db(), await creatorEmail(creator.user.id))).find(
      (m) => m.kind === 'payout-sent',
    );
    expect(payoutEmail?.textBody).toContain(formatMoney(balance, 'gbp'));

    const integrity = await checkLedgerIntegrity(db());
    expect(integrity.problems).toEqual([]);
  });

  it('the currency follows the country until the first support, then the country cannot change it', async () => {
    // Before any support: moving from the United Kingdom to the United States switches to dollars.
    const mover = await fakeCreator(t, { country: 'GB' });
    expect(mover.profile.currency).toBe('gbp');
    const moved = await mover.client.patch('/api/creator-profile', { country: 'US' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().profile).toMatchObject({ country: 'US', currency: 'usd', currencyLocked: false });
    const inDollars = await payCheckout(t.client(), mover.profile.username, checkoutBody({ amount: 5 }));
    expect(inDollars.statusCode, inDollars.body).toBe(200);
    expect(inDollars.json().receipt).toMatchObject({ currency: 'usd', ...calculateFees(500, 'usd') });

    // After a support in pounds: a country paying in another currency is refused, on the country field.
    const settled = await fakeCreator(t, { country: 'GB' });
    const paid = await payCheckout(t.client(), settled.profile.username, checkoutBody({ amount: 5 }));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().receipt.currency).toBe('gbp');
    expect(await getProfile(settled.client)).toMatchObject({ country: 'GB', currency: 'gbp', currencyLocked: true });
    const locked = CREATOR_PROFILE_MESSAGES.currencyLocked(currencyRules('gbp').name);
    for (const country of ['US', 'DE']) {
      const refused = await settled.client.patch('/api/creator-profile', { country });
      expect(refused.statusCode, country).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ country: locked });
    }
    expect(await getProfile(settled.client)).toMatchObject({ country: 'GB', currency: 'gbp', currencyLocked: true });
    // Keeping the country (and so the currency) is fine.
    const same = await settled.client.patch('/api/creator-profile', { country: 'GB', bio: 'Still in London.' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().profile).toMatchObject({ country: 'GB', currency: 'gbp', bio: 'Still in London.' });
  });
});
