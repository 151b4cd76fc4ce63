import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../../config/env';
import { emailOutbox, ledgerEntries, refunds, sandboxEvents, sandboxRefunds } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { checkoutBody, payCheckout, SUCCEEDING_CARD } from '../../checkout/checkout-test-factories';
import { fakeCreator } from '../../creator-profile/fake-creator';
import { checkLedgerIntegrity } from '../../ledger/integrity-service';
import { reconcile } from '../../ledger/reconciliation-service';
import { REFUND_FAILED_EVENT } from '../payment-events';
import { startSandboxEventLoop } from './sandbox-event-loop';
import {
  createSandboxPaymentProvider,
  SANDBOX_SIGNATURE_HEADER,
  sandboxSigningSecret,
  type SandboxPaymentProvider,
} from './sandbox-payment-provider';
import { SANDBOX_REFUND_FAILURE_REASON, SANDBOX_TEST_CARDS } from './sandbox-test-cards';

/*
 * The sandbox's refund-fails test card (Stripe's 4000 0000 0000 5126): the charge succeeds, a refund of it is reported
 * succeeded, and the sandbox's next event run sends it back (refund.failed) through the platform's event endpoint,
 * where the same handler as Stripe's events records it.
 */

const REFUND_FAILS_CARD = { ...SUCCEEDING_CARD, number: '4000 0000 0000 5126' };
const engine = process.env.TEST_DB ?? 'pglite';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
/** The whole seconds before now: the sandbox's balance and the ledger are compared from here. */
const secondAgo = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);

/** The sandbox as the server runs it: its events signed and posted to /api/payments/events (accepted: 200). */
function deliveringSandbox(accept: () => boolean = () => true): SandboxPaymentProvider {
  return createSandboxPaymentProvider(db(), {
    signingSecret: sandboxSigningSecret(resolveAppSecret(t.app.config)),
    deliverEvent: async (body, signature) => {
      if (!accept()) return false;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/events',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      return response.statusCode === 200;
    },
    log: () => {},
  });
}

async function refundedSupport(card: typeof SUCCEEDING_CARD, amountCents: number) {
  const creator = await fakeCreator(t);
  const paid = await payCheckout(t.client(), creator.profile.username, checkoutBody({ amount: 20 }), card);
  expect(paid.statusCode, paid.body).toBe(200);
  const supportId = paid.json().receipt.supportId as string;
  const res = await creator.client.request({
    method: 'POST',
    url: `/api/creator/supports/${supportId}/refunds`,
    headers: { 'idempotency-key': `sandbox-refund-fails-${supportId}` },
    payload: { amountCents, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [refund] = await db().select().from(refunds).where(eq(refunds.supportId, supportId));
  if (!refund?.providerRefundId) throw new Error('the refund was not recorded with the sandbox refund');
  return { supportId, refund, providerRefundId: refund.providerRefundId };
}

async function stateOf(refundId: string, providerRefundId: string) {
  const [refund] = await db().select().from(refunds).where(eq(refunds.id, refundId));
  const [sandboxRefund] = await db().select().from(sandboxRefunds).where(eq(sandboxRefunds.id, providerRefundId));
  const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.refundId, refundId));
  const emails = await db()
    .select()
    .from(emailOutbox)
    .where(
      inArray(emailOutbox.dedupeKey, [`refund-failed-supporter:${refundId}`, `refund-failed-creator:${refundId}`]),
    );
  const events = await db().select().from(sandboxEvents).where(eq(sandboxEvents.refundId, providerRefundId));
  return { refund, sandboxRefund, entries, emails, events };
}

describe(`the sandbox's refund-fails test card (${engine})`, () => {
  it('is a documented test card', () => {
    expect(SANDBOX_TEST_CARDS).toContainEqual(
      expect.objectContaining({ number: '4000000000005126', behaviour: 'refund_fails' }),
    );
  });

  it('is refunded at first; the next event run fails the refund, reverses its ledger entries and emails both', async () => {
    const from = secondAgo();
    const { refund, providerRefundId } = await refundedSupport(REFUND_FAILS_CARD, 1_200);
    const before = await stateOf(refund.id, providerRefundId);
    // Reported succeeded, here and on the sandbox's books; the failure waits for the run.
    expect(before.refund).toMatchObject({ status: 'succeeded', amountCents: 1_200 });
    expect(before.sandboxRefund).toMatchObject({ status: 'succeeded', failedAt: null });
    expect(before.entries).toHaveLength(3);
    expect(before.emails).toEqual([]);
    expect(before.events).toMatchObject([{ type: REFUND_FAILED_EVENT, deliveredAt: null }]);

    const sandbox = deliveringSandbox();
    expect(await sandbox.deliverPendingEvents()).toEqual({ delivered: 1, errors: 0 });

    const after = await stateOf(refund.id, providerRefundId);
    expect(after.refund).toMatchObject({ status: 'failed' });
    expect(after.refund?.providerFailedAt).toBeInstanceOf(Date);
    expect(after.refund?.failureMessage).toBeTruthy();
    expect(after.sandboxRefund).toMatchObject({ status: 'failed', failureReason: SANDBOX_REFUND_FAILURE_REASON });
    expect(after.sandboxRefund?.failedAt).toBeInstanceOf(Date);
    expect(after.events[0]?.deliveredAt).toBeInstanceOf(Date);
    // The three entries of the refund, and their reversals: the support counts as not refunded.
    const reversals = after.entries.filter((e) => e.reversal);
    expect(reversals).toHaveLength(3);
    expect(after.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(reversals.find((e) => e.type === 'gross')?.amountCents).toBe(1_200);
    expect(after.emails.map((e) => e.kind).sort()).toEqual(['refund-failed-creator', 'refund-failed-supporter']);

    // The sandbox's balance got the money back on the failure's day, as the ledger's reversals say.
    const reconciled = await reconcile(db(), sandbox, { from, to: new Date(Date.now() + 1000) });
    expect(reconciled.differences).toEqual([]);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
    const transactions = await sandbox.listBalanceTransactions({
      accountId: null,
      from,
      to: new Date(Date.now() + 1000),
    });
    expect(transactions.filter((txn) => txn.sourceId === providerRefundId)).toMatchObject([
      { type: 'refund', netCents: -1_200 },
      { type: 'refund_failure', netCents: 1_200 },
    ]);

    // Run again: nothing left to send, nothing changes.
    expect(await sandbox.deliverPendingEvents()).toEqual({ delivered: 0, errors: 0 });
    expect(await stateOf(refund.id, providerRefundId)).toEqual(after);
  });

  it('a refund.failed sent again (a redelivery, or under another id) changes nothing', async () => {
    const { refund, providerRefundId } = await refundedSupport(REFUND_FAILS_CARD, 500);
    const sandbox = deliveringSandbox();
    expect(await sandbox.deliverPendingEvents()).toEqual({ delivered: 1, errors: 0 });
    const after = await stateOf(refund.id, providerRefundId);
    const [event] = after.events;
    const body = (id: string) =>
      JSON.stringify({
        id,
        type: REFUND_FAILED_EVENT,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: providerRefundId,
            object: 'refund',
            amount: 500,
            charge: after.sandboxRefund?.chargeId,
            status: 'failed',
            failure_reason: SANDBOX_REFUND_FAILURE_REASON,
            metadata: { beabro_idempotency_key: after.sandboxRefund?.idempotencyKey },
          },
        },
      });
    for (const id of [event?.id ?? '', `evt_again_${providerRefundId}`]) {
      const payload = body(id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/events',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: sandbox.signEvent(payload, new Date()),
        },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await stateOf(refund.id, providerRefundId)).toEqual(after);
  });

  it('an event the platform did not accept is sent again next run; the refund fails once', async () => {
    const { refund, providerRefundId } = await refundedSupport(REFUND_FAILS_CARD, 300);
    let accept = false;
    const sandbox = deliveringSandbox(() => accept);
    expect(await sandbox.deliverPendingEvents()).toEqual({ delivered: 0, errors: 1 });
    const refused = await stateOf(refund.id, providerRefundId);
    expect(refused.refund).toMatchObject({ status: 'succeeded' });
    expect(refused.sandboxRefund).toMatchObject({ status: 'failed' });
    expect(refused.events[0]?.deliveredAt).toBeNull();

    accept = true;
    expect(await sandbox.deliverPendingEvents()).toEqual({ delivered: 1, errors: 0 });
    const after = await stateOf(refund.id, providerRefundId);
    expect(after.refund).toMatchObject({ status: 'failed' });
    expect(after.sandboxRefund?.failedAt).toEqual(refused.sandboxRefund?.failedAt);
    expect(after.entries.filter((e) => e.reversal)).toHaveLength(3);
    expect(after.emails).toHaveLength(2);
  });

  it('a sandbox that cannot send (a job run outside the server) leaves the failure for the server', async () => {
    const { refund, providerRefundId } = await refundedSupport(REFUND_FAILS_CARD, 200);
    const silent = createSandboxPaymentProvider(db(), {
      signingSecret: sandboxSigningSecret(resolveAppSecret(t.app.config)),
    });
    expect(await silent.deliverPendingEvents()).toEqual({ delivered: 0, errors: 0 });
    expect(await stateOf(refund.id, providerRefundId)).toMatchObject({
      refund: { status: 'succeeded' },
      sandboxRefund: { status: 'succeeded', failedAt: null },
      events: [{ deliveredAt: null }],
    });
    expect(await deliveringSandbox().deliverPendingEvents()).toEqual({ delivered: 1, errors: 0 });
    expect((await stateOf(refund.id, providerRefundId)).refund).toMatchObject({ status: 'failed' });
  });

  it('a refund of another test card stays succeeded: no later event', async () => {
    const { refund, providerRefundId } = await refundedSupport(SUCCEEDING_CARD, 400);
    expect(await deliveringSandbox().deliverPendingEvents()).toEqual({ delivered: 0, errors: 0 });
    const state = await stateOf(refund.id, providerRefundId);
    expect(state.refund).toMatchObject({ status: 'succeeded' });
    expect(state.sandboxRefund).toMatchObject({ status: 'succeeded' });
    expect(state.events).toEqual([]);
    const sameCharge = await db()
      .select()
      .from(sandboxRefunds)
      .where(
        and(eq(sandboxRefunds.chargeId, state.sandboxRefund?.chargeId ?? ''), eq(sandboxRefunds.status, 'failed')),
      );
    expect(sameCharge).toEqual([]);
  });
});

describe("the server's sandbox event loop", () => {
  it('runs deliverPendingEvents, never two runs at once, and stop waits for the run under way', async () => {
    let runs = 0;
    let finish: () => void = () => {};
    let started: () => void = () => {};
    const firstRun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const sandbox = {
      deliverPendingEvents: () => {
        runs++;
        started();
        return new Promise<{ delivered: number; errors: number }>((resolve) => {
          finish = () => resolve({ delivered: 1, errors: 0 });
        });
      },
    };
    const logged: string[] = [];
    const loop = startSandboxEventLoop(sandbox, { info: (m) => logged.push(m), error: (m) => logged.push(m) }, 1, 0);
    await firstRun;
    const stopping = loop.stop();
    finish();
    await stopping;
    expect(runs).toBe(1);
    expect(logged).toEqual(['sandbox events: 1 delivered, 0 not accepted']);
  });
});
