import { eq, like } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema, type CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';
import { emailOutbox, fraudAlerts, paymentAttempts, refunds, subscriptions, supports } from '../../db/schema';
import { paymentEventDispatcher } from '../../payment-event-handlers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createSupport } from '../checkout/checkout-service';
import { checkoutBody, moneyDeps, payCheckout, SUCCEEDING_CARD } from '../checkout/checkout-test-factories';
import { EARLY_FRAUD_WARNING_EVENT } from '../payments/payment-events';
import { paymentEventOf } from '../payments/stripe/stripe-events';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { EARLY_FRAUD_WARNING_NOTE } from './early-fraud-warning';

const OPERATORS = 'ops@beabro.test';
/** The sandbox's early-fraud-warning test card: the charge succeeds, then the issuer's warning arrives. */
const EARLY_FRAUD_WARNING_CARD = { ...SUCCEEDING_CARD, number: '4000 0000 0000 5423' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_ALERT_EMAIL: OPERATORS });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function paidWithWarningCard(isRecurring: boolean): Promise<CheckoutReceipt> {
  const creator = await fakeCreator(db());
  const res = await payCheckout(
    t.client(),
    creator.username,
    checkoutBody({ amount: 12, isRecurring }),
    EARLY_FRAUD_WARNING_CARD,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().receipt;
}

async function stateOf(supportId: string) {
  const [support] = await db().select().from(supports).where(eq(supports.id, supportId));
  const refundRows = await db().select().from(refunds).where(eq(refunds.supportId, supportId));
  const alerts = await db()
    .select()
    .from(fraudAlerts)
    .where(eq(fraudAlerts.key, `support:${supportId}`));
  const mails = await db()
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.textBody, `%support:${supportId}%`));
  return { support, refundRows, alerts, mails };
}

describe('early fraud warnings', () => {
  it('refund the support in full, flag it and alert the operators (sandbox test card, end to end)', async () => {
    const receipt = await paidWithWarningCard(false);
    const { support, refundRows, alerts, mails } = await stateOf(receipt.supportId);
    expect(support?.fraudFlaggedAt).toBeInstanceOf(Date);
    expect(refundRows).toMatchObject([
      { amountCents: 1200, reason: 'fraudulent', status: 'succeeded', note: EARLY_FRAUD_WARNING_NOTE },
    ]);
    expect(alerts).toMatchObject([{ kind: 'early_fraud_warning' }]);
    expect(alerts[0]?.detail).toMatch(/^Early fraud warning issfr_\S+ \(misc\) on a support of \$12\.00/);
    expect(mails.map((m) => m.toAddress)).toEqual([OPERATORS]);
  });

  it('end the monthly support the charge belongs to', async () => {
    const receipt = await paidWithWarningCard(true);
    expect(receipt.subscriptionId).not.toBeNull();
    const [subscription] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, receipt.subscriptionId ?? ''));
    expect(subscription).toMatchObject({ status: 'canceled' });
    expect(subscription?.endedAt).toBeInstanceOf(Date);
  });

  it('are handled once, whether redelivered, sent again under another id, or about a charge not ours', async () => {
    const receipt = await paidWithWarningCard(false);
    const before = await stateOf(receipt.supportId);
    const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.supportId, receipt.supportId));
    const chargeId = attempt?.providerChargeId ?? '';
    const warningId = before.alerts[0]?.detail.split(' ')[3] ?? '';
    expect(warningId).toMatch(/^issfr_/);
    const events = paymentEventDispatcher();
    const deps = { ...moneyDeps(t), fraud: { limits: { perCard: 5, perCreator: 20 }, alertEmail: OPERATORS } };
    const warning = (id: string, warningRef: string, charge: string) =>
      events(deps, {
        id,
        type: EARLY_FRAUD_WARNING_EVENT,
        kind: 'fraud_warning',
        warning: { id: warningRef, chargeId: charge, fraudType: 'misc', intentId: null },
      });
    expect(await warning(`evt_again_${receipt.supportId}`, warningId, chargeId)).toEqual({
      duplicate: false,
      stale: false,
    });
    expect(await warning(`evt_again_${receipt.supportId}`, warningId, chargeId)).toMatchObject({ duplicate: true });
    await warning(`evt_other_${receipt.supportId}`, `issfr_other_${receipt.supportId}`, chargeId);
    await warning(`evt_unknown_${receipt.supportId}`, `issfr_unknown_${receipt.supportId}`, 'ch_not_ours');
    const after = await stateOf(receipt.supportId);
    expect(after.refundRows).toHaveLength(1);
    expect(after.alerts).toHaveLength(1);
    expect(after.mails).toHaveLength(1);
    expect(after.support?.fraudFlaggedAt).toEqual(before.support?.fraudFlaggedAt);
  });

  it('arriving before the payment was recorded, records it first, then refunds and flags it', async () => {
    const creator = await fakeCreator(db());
    // The services without event delivery: only the warning below reaches the platform.
    const deps = moneyDeps(t);
    const started = await createSupport(
      deps,
      creator.username,
      checkoutRequestSchema.parse(checkoutBody({ amount: 7 })),
      null,
      '203.0.113.50',
    );
    if (!('payment' in started)) throw new Error('expected a payment to confirm');
    const method = await deps.provider.tokenizeCard(EARLY_FRAUD_WARNING_CARD);
    if (!method.ok) throw new Error('the test card was refused');
    const intent = await deps.provider.confirmIntent(
      started.payment.intentId,
      started.payment.clientSecret,
      method.paymentMethod.id,
    );
    expect(intent?.status).toBe('succeeded');
    await paymentEventDispatcher()(deps, {
      id: `evt_early_${intent?.id}`,
      type: EARLY_FRAUD_WARNING_EVENT,
      kind: 'fraud_warning',
      warning: {
        id: `issfr_early_${intent?.id}`,
        chargeId: intent?.chargeId ?? '',
        fraudType: 'misc',
        intentId: intent?.id ?? null,
      },
    });
    const [attempt] = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.providerIntentId, intent?.id ?? ''));
    expect(attempt).toMatchObject({ status: 'succeeded' });
    const after = await stateOf(attempt?.supportId ?? '');
    expect(after.support?.fraudFlaggedAt).toBeInstanceOf(Date);
    expect(after.refundRows).toMatchObject([{ amountCents: 700, reason: 'fraudulent', status: 'succeeded' }]);
  });

  it("Stripe's radar.early_fraud_warning.created is read as a warning about its charge", () => {
    const event = {
      id: 'evt_1',
      type: EARLY_FRAUD_WARNING_EVENT,
      created: 1_700_000_000,
      data: { object: { id: 'issfr_1', charge: 'ch_1', fraud_type: 'made_with_stolen_card', payment_intent: 'pi_1' } },
    } as unknown as Stripe.Event;
    expect(paymentEventOf(event)).toEqual({
      id: 'evt_1',
      type: EARLY_FRAUD_WARNING_EVENT,
      kind: 'fraud_warning',
      warning: { id: 'issfr_1', chargeId: 'ch_1', fraudType: 'made_with_stolen_card', intentId: 'pi_1' },
    });
  });
});
