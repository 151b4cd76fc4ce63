import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../config/env';
import { ledgerEntries, refunds } from '../../db/schema';
import { poisonedProvider } from '../../testing/poisoned-provider';
import { startStripeTestApp, type StripeTestApp } from '../../testing/stripe-test-app';
import { checkoutBody } from '../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { createStripeProvider } from '../payments/configured-provider';
import type { PaymentProvider } from '../payments/payment-provider';
import { recordProviderRefundFailure, refundSupport, retryCreatorRestores, type RefundDeps } from './refunds-service';

/*
 * A refund Stripe fails after it succeeded (refund.failed), on the stand-in: the paths the happy one
 * (reconciliation.test.ts) does not take: a report about a refund that is not ours, a report that overtakes our own
 * recording of the refund, and a transfer to the creator that fails and is retried by the recovery job.
 */

let stripe: StripeTestApp;
beforeAll(async () => {
  stripe = await startStripeTestApp();
});
afterAll(async () => {
  await stripe?.close();
});

const provider = () =>
  createStripeProvider(
    stripe.t.app.config.payments as Extract<typeof stripe.t.app.config.payments, { provider: 'stripe' }>,
  );

function deps(over: Partial<RefundDeps> = {}): RefundDeps & { logged: string[] } {
  const logged: string[] = [];
  return {
    db: stripe.t.database.db,
    provider: provider(),
    appSecret: resolveAppSecret(stripe.t.app.config),
    log: (line) => logged.push(line),
    logged,
    ...over,
  };
}

async function paidSupport() {
  const creator = await stripe.connectedCreator('US');
  const paid = await stripe.pay(stripe.t.client(), creator.profile.username, checkoutBody({ amount: 20 }));
  return { creator, ...paid };
}

const refundValues = {
  amountCents: 500,
  reason: 'requested_by_supporter',
  note: '',
  cancelSubscription: false,
} as const;

describe(`a refund that fails after it succeeded, on the Stripe stand-in (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('records nothing for a refund that is not ours, and says so in the log', async () => {
    const d = deps();
    const report = {
      refundId: 're_unknown',
      chargeId: 'ch_unknown',
      amountCents: 100,
      failureReason: 'unknown',
      idempotencyKey: 'refund:not-a-uuid',
    };
    expect(await recordProviderRefundFailure(d, report)).toBe('not_ours');
    expect(d.logged).toEqual([expect.stringContaining('re_unknown of charge ch_unknown failed at the provider')]);
  });

  it('completes a refund still pending here first, when the failure overtakes its recording', async () => {
    const { creator, supportId } = await paidSupport();
    const real = provider();
    // The process dies right after Stripe refunded: the row stays pending, Stripe has the refund.
    const dying: PaymentProvider = Object.assign(Object.create(real) as PaymentProvider, {
      refund: async (request: Parameters<PaymentProvider['refund']>[0]) => {
        await real.refund(request);
        throw new Error('the process died');
      },
    });
    await expect(
      refundSupport({ ...deps(), provider: dying }, creator.user.id, supportId, refundValues, `overtaken-${supportId}`),
    ).rejects.toThrow('the process died');
    const [pending] = await stripe.t.database.db.select().from(refunds).where(eq(refunds.supportId, supportId));
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: null });
    const atStripe = await stripe.platform.refunds.list({ limit: 100 });
    const made = atStripe.data.find((r) => r.metadata?.beabro_idempotency_key === `refund:${pending!.id}`)!;
    stripe.standIn.failRefund(made.id, 'expired_or_canceled_card');
    await stripe.delivered((e) => e.type === 'refund.failed' && (e.data.object as { id: string }).id === made.id);

    const [after] = await stripe.t.database.db.select().from(refunds).where(eq(refunds.id, pending!.id));
    expect(after).toMatchObject({
      status: 'failed',
      providerRefundId: made.id,
      failureMessage: 'The card has expired or was cancelled.',
    });
    const entries = await stripe.t.database.db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refundId, pending!.id));
    expect(entries).toHaveLength(6);
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect((await checkLedgerIntegrity(stripe.t.database.db)).problems).toEqual([]);
  });

  it('leaves the transfer to the creator pending when it fails, and the recovery job makes it once', async () => {
    const { creator, supportId } = await paidSupport();
    const refunded = await refundSupport(deps(), creator.user.id, supportId, refundValues, `restore-${supportId}`);
    const [row] = await stripe.t.database.db.select().from(refunds).where(eq(refunds.id, refunded.refund.id));
    // Stripe fails it (the money back on the platform's balance); its events wait, to arrive after the report below.
    stripe.standIn.holdEvents();
    stripe.standIn.failRefund(row!.providerRefundId!, 'lost_or_stolen_card');
    const poisoned = new Set([`refund-failure:${row!.id}`]);
    const down = deps({ provider: poisonedProvider(provider(), poisoned) });
    const report = {
      refundId: row!.providerRefundId!,
      chargeId: 'ch_from_the_event',
      amountCents: 500,
      failureReason: 'lost_or_stolen_card',
      idempotencyKey: `refund:${row!.id}`,
    };
    expect(await recordProviderRefundFailure(down, report)).toBe('applied');
    expect(down.logged).toEqual([expect.stringContaining("the creator's share could not be given back yet")]);
    const [waiting] = await stripe.t.database.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(waiting).toMatchObject({ status: 'failed', creatorRestore: 'pending', creatorRestoreAttempts: 1 });
    expect(waiting!.nextRestoreAt).toBeInstanceOf(Date);
    // A repeat of the report changes nothing (the refund is failed already).
    expect(await recordProviderRefundFailure(down, report)).toBe('already');

    // The recovery job, once the wait is over: still failing, then cured.
    const later = new Date(waiting!.nextRestoreAt!.getTime() + 1000);
    const stillDown = deps({ provider: poisonedProvider(provider(), poisoned), now: () => later });
    expect(await retryCreatorRestores(stillDown)).toMatchObject({ errors: 1 });
    poisoned.clear();
    const muchLater = new Date(later.getTime() + 2 * 86_400_000);
    expect(await retryCreatorRestores(deps({ now: () => muchLater }))).toEqual({ restored: 1, errors: 0 });
    expect(await retryCreatorRestores(deps({ now: () => muchLater }))).toEqual({ restored: 0, errors: 0 });
    // Stripe's own events about it arrive now: they find it failed, and nothing more moves.
    await stripe.standIn.releaseEvents();
    await stripe.standIn.deliveriesSettled();
    const [done] = await stripe.t.database.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(done).toMatchObject({ creatorRestore: 'done', creatorRestoreAttempts: 2 });
    const transfers = await stripe.platform.transfers.list({ destination: creator.accountId });
    expect(transfers.data.filter((tr) => tr.metadata?.refund === row!.id).map((tr) => tr.amount)).toEqual([
      row!.creatorDebitCents,
    ]);
  });
});
