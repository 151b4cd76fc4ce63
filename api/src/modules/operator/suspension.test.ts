import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_HOLD_MESSAGES } from '@beabro/shared/api-schemas/payouts';
import { emailOutbox, payouts, subscriptionCharges, subscriptions } from '../../db/schema';
import { CHECKOUT_MESSAGES } from '../checkout/checkout-service';
import { checkoutBody, moneyDeps, payCheckout, postCheckout } from '../checkout/checkout-test-factories';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { runPayouts } from '../payouts/payouts-service';
import { renewSubscription } from '../subscriptions/renewal-service';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { fakeOperator } from './operator-test-factories';

let t: TestApp;
let operator: Awaited<ReturnType<typeof fakeOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await fakeOperator(t);
});
afterAll(() => t.close());
const db = () => t.database.db;

describe('suspending an account', () => {
  it('hides the page and posts, refuses supports, skips renewals, holds payouts, tells the person why; lifting restores all', async () => {
    const creator = await fakeSignedInCreator(t, { country: 'US' });
    const { username } = creator.profile;
    const post = await creator.client.post('/api/creator/posts', {
      title: 'Hello world',
      bodyMarkdown: 'For everyone.',
      audience: 'everyone',
      publish: true,
    });
    expect(post.statusCode, post.body).toBe(201);
    const slug = (post.json().post as { slug: string }).slug;
    const supporter = await fakeUser(t);
    const monthly = await payCheckout(
      supporter.client,
      username,
      checkoutBody({ isRecurring: true, amount: 10, email: supporter.email }),
    );
    expect(monthly.statusCode, monthly.body).toBe(200);
    const subscriptionId = monthly.json().receipt.subscriptionId as string;

    const suspended = await operator.client.post(`/api/operator/people/${creator.user.id}/suspend`, {
      reason: 'Selling counterfeit goods.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().person.suspension).toMatchObject({
      reason: 'Selling counterfeit goods.',
      suspendedBy: operator.email,
    });
    expect(suspended.json().history[0]).toMatchObject({ action: 'account.suspend', actor: operator.email });
    const again = await operator.client.post(`/api/operator/people/${creator.user.id}/suspend`, { reason: 'Twice.' });
    expect(again.statusCode).toBe(409);

    const visitor = t.client();
    expect((await visitor.get(`/api/creators/${username}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/creators/${username}/posts`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/creators/${username}/posts/${slug}`)).statusCode).toBe(404);
    const found = await visitor.get(`/api/discover/?q=${username}`);
    expect(JSON.stringify(found.json())).not.toContain(username);
    const checkout = await postCheckout(visitor, username, checkoutBody({ amount: 5 }));
    expect(checkout.statusCode).toBe(404);
    expect(checkout.json().message).toBe(CHECKOUT_MESSAGES.creatorUnavailable);

    // The person signs in and reads why; they cannot support anyone meanwhile.
    const own = await creator.client.get('/api/account/suspension');
    expect(own.json().suspension).toMatchObject({ reason: 'Selling counterfeit goods.' });
    expect((await supporter.client.get('/api/account/suspension')).json()).toEqual({ suspension: null });

    // The renewal is skipped (not failed, not charged) while suspended.
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!sub) throw new Error('no subscription');
    const due = new Date(sub.currentPeriodEnd.getTime() + 60_000);
    const charges = () =>
      db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
    const chargesBefore = (await charges()).length;
    expect(await renewSubscription({ ...moneyDeps(t, due), log: () => {} }, subscriptionId, due)).toBe('skipped');
    expect(await charges()).toHaveLength(chargesBefore);
    const [stillActive] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(stillActive?.status).toBe('active');

    // The payout is held with the reason.
    const payoutRun = new Date(Date.now() + 10 * 86_400_000);
    await runPayouts({ db: db(), provider: moneyDeps(t).provider, log: () => {} }, payoutRun);
    const [held] = await db().select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
    expect(held).toMatchObject({ status: 'held', holdReason: PAYOUT_HOLD_MESSAGES.suspended });

    const lifted = await operator.client.post(`/api/operator/people/${creator.user.id}/lift`, {
      reason: 'Appeal accepted.',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().person.suspension).toBeNull();
    expect(
      lifted
        .json()
        .history.map((e: { action: string }) => e.action)
        .slice(0, 2),
    ).toEqual(['account.lift', 'account.suspend']);
    expect((await visitor.get(`/api/creators/${username}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/creators/${username}/posts/${slug}`)).statusCode).toBe(200);
    expect((await postCheckout(visitor, username, checkoutBody({ amount: 5 }))).statusCode).toBe(200);
    expect(await renewSubscription({ ...moneyDeps(t, due), log: () => {} }, subscriptionId, due)).toBe('renewed');
    expect((await creator.client.get('/api/account/suspension')).json()).toEqual({ suspension: null });
    // The person is emailed both, each with its reason.
    const mails = await db()
      .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, creator.email));
    const suspendedMail = mails.find((m) => m.kind === 'account-suspended');
    const liftedMail = mails.find((m) => m.kind === 'account-lifted');
    expect(suspendedMail?.subject).toBe('Your Be a Bro account is suspended');
    expect(liftedMail?.subject).toBe('Your Be a Bro account is no longer suspended');
    expect(liftedMail?.text).toContain('The reason: Appeal accepted.');
  });

  it('a suspended supporter cannot support anyone', async () => {
    const creator = await fakeSignedInCreator(t);
    const supporter = await fakeUser(t);
    const res = await operator.client.post(`/api/operator/people/${supporter.user.id}/suspend`, {
      reason: 'Card testing.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await postCheckout(supporter.client, creator.profile.username, checkoutBody({ amount: 5 }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHECKOUT_MESSAGES.supporterSuspended);
  });

  it('needs a reason, and answers 404 for an unknown account', async () => {
    const user = await fakeUser(t);
    const blank = await operator.client.post(`/api/operator/people/${user.user.id}/suspend`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reason).toBe('Give a reason: the person is shown it.');
    const unknown = await operator.client.post('/api/operator/people/00000000-0000-4000-8000-000000000000/suspend', {
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const notSuspended = await operator.client.post(`/api/operator/people/${user.user.id}/lift`, { reason: 'x' });
    expect(notSuspended.statusCode).toBe(409);
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, 'report-action')));
    expect(mail).toHaveLength(0);
  });
});
