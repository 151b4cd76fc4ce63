import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_HOLD_MESSAGES } from '@beabro/shared/api-schemas/payouts';
import { operatorAuditLog, paymentAttempts, payouts } from '../../db/schema';
import { checkoutBody, moneyDeps, payCheckout } from '../checkout/checkout-test-factories';
import { recordDispute } from '../disputes/dispute-service';
import { runPayouts } from '../payouts/payouts-service';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fakeOperator } from './operator-test-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

async function paidSupport(username: string) {
  const res = await payCheckout(t.client(), username, checkoutBody({ amount: 20 }));
  expect(res.statusCode, res.body).toBe(200);
  const supportId = res.json().receipt.supportId as string;
  const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.supportId, supportId));
  if (!attempt?.providerChargeId) throw new Error('no charge');
  return attempt.providerChargeId;
}

const dispute = (id: string, chargeId: string, reason: string, status: string) => ({
  id,
  chargeId,
  amountCents: 2000,
  reason,
  status,
  withdrawnCents: 2000,
  feeCents: 1500,
  reinstatedCents: 0,
  openedAt: new Date(),
  dueBy: DUE_BY,
});
const DUE_BY = new Date('2030-01-15T23:59:59.000Z');

describe('a lost fraud dispute', () => {
  it("holds the creator's payouts for review (audited as system) until an operator marks them reviewed", async () => {
    const creator = await fakeSignedInCreator(t, { country: 'US' });
    const other = await fakeSignedInCreator(t, { country: 'US' });
    const deps = { db: db(), provider: moneyDeps(t).provider };
    const chargeId = await paidSupport(creator.profile.username);
    // The lost dispute takes that support's share back: another support leaves a payout to hold.
    await paidSupport(creator.profile.username);
    const otherCharge = await paidSupport(other.profile.username);
    await recordDispute(deps, dispute('dp_fraud', chargeId, 'fraudulent', 'needs_response'), new Date(), new Date());
    await recordDispute(
      deps,
      dispute('dp_fraud', chargeId, 'fraudulent', 'lost'),
      new Date(),
      new Date(Date.now() + 1),
    );
    // Another reason lost changes nothing.
    await recordDispute(deps, dispute('dp_other', otherCharge, 'product_not_received', 'lost'), new Date(), new Date());

    const entries = await db()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `user:${creator.user.id}`));
    expect(entries).toEqual([expect.objectContaining({ actor: 'system', action: 'payouts.hold-for-review' })]);

    const later = new Date(Date.now() + 10 * 86_400_000);
    const payoutDeps = { db: db(), provider: moneyDeps(t).provider, log: () => {} };
    await runPayouts(payoutDeps, later);
    const [held] = await db().select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
    expect(held).toMatchObject({ status: 'held', holdReason: PAYOUT_HOLD_MESSAGES.underReview });
    const [otherPayout] = await db().select().from(payouts).where(eq(payouts.creatorId, other.user.id));
    expect(otherPayout?.status).not.toBe('held');

    const operator = await fakeOperator(t);
    const detail = await operator.client.get(`/api/operator/people/${creator.user.id}`);
    expect(detail.json().disputes).toEqual([
      expect.objectContaining({ id: 'dp_fraud', reason: 'fraudulent', status: 'lost', dueBy: DUE_BY.toISOString() }),
    ]);
    const queue = await operator.client.get('/api/operator/reviews');
    expect(queue.json().creators.map((c: { userId: string }) => c.userId)).toContain(creator.user.id);
    expect((await operator.client.post(`/api/operator/people/${creator.user.id}/review`)).statusCode).toBe(200);
    await runPayouts(payoutDeps, later);
    const [released] = await db().select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
    expect(released?.status).not.toBe('held');
  });
});
