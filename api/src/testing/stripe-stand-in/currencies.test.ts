import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

/*
 * The stand-in's money in several currencies, as Stripe's own: accounts in their country's currency, Connect's
 * cross-border rule for destination charges, Stripe's minimum charge per currency, and balances kept per currency
 * (the platform's and each account's), paid out without a conversion.
 */

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = new Stripe(standIn.secretKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await standIn?.close();
});

const controller = {
  fees: { payer: 'application' },
  losses: { payments: 'application' },
  stripe_dashboard: { type: 'express' },
} as const;

/** An onboarded Express account under the full agreement (card payments and transfers) in `country`. */
async function fullAccount(country: string, params: Partial<Stripe.AccountCreateParams> = {}) {
  const account = await stripe.accounts.create({
    country,
    controller,
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    ...params,
  });
  return standIn.completeOnboarding(account.id);
}

/** A card payment confirmed on the server, cards only (no redirect asks for a return_url). */
function payment(params: Partial<Stripe.PaymentIntentCreateParams>): Stripe.PaymentIntentCreateParams {
  return {
    amount: 1000,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
    allowed_payment_method_types: ['card'],
    ...params,
  } as Stripe.PaymentIntentCreateParams;
}

async function refusal(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  return error as Stripe.errors.StripeError;
}

/** What one currency of a balance holds, available and pending together (the platform's without an account). */
async function balanceIn(currency: string, account?: string): Promise<number> {
  const balance = await stripe.balance.retrieve({}, account ? { stripeAccount: account } : {});
  return [...balance.available, ...balance.pending]
    .filter((funds) => funds.currency === currency)
    .reduce((sum, funds) => sum + funds.amount, 0);
}

describe('Stripe stand-in: currencies', () => {
  it("gives an account its country's currency unless the platform names one", async () => {
    for (const [country, currency] of [
      ['US', 'usd'],
      ['CA', 'cad'],
      ['GB', 'gbp'],
      ['AU', 'aud'],
    ] as const) {
      const account = await stripe.accounts.create({ country, controller });
      expect(account.default_currency, country).toBe(currency);
    }
    const named = await stripe.accounts.create({ country: 'GB', controller, default_currency: 'eur' });
    expect(named.default_currency).toBe('eur');
    const unknown = await refusal(stripe.accounts.create({ country: 'GB', controller, default_currency: 'xyz' }));
    expect(unknown).toMatchObject({ statusCode: 400, param: 'default_currency' });
  });

  it('refuses a destination charge to a full-agreement account abroad unless it is made on behalf of the account', async () => {
    const uk = await fullAccount('GB');
    const error = await refusal(
      stripe.paymentIntents.create(payment({ application_fee_amount: 100, transfer_data: { destination: uk.id } })),
    );
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'transfers_not_allowed',
      param: 'transfer_data[destination]',
      message: expect.stringContaining(
        "Funds can't be sent to accounts located in GB when the account is under the `full` service agreement.",
      ),
    });
    // In pounds it is refused all the same: the rule is the account's country, not the currency.
    await refusal(
      stripe.paymentIntents.create(
        payment({ currency: 'gbp', application_fee_amount: 100, transfer_data: { destination: uk.id } }),
      ),
    );
    // Nothing was made of the refused ones.
    expect(await balanceIn('gbp', uk.id)).toBe(0);
    expect(await balanceIn('usd', uk.id)).toBe(0);

    const onBehalf = await stripe.paymentIntents.create(
      payment({
        currency: 'gbp',
        payment_method: 'pm_card_gb',
        application_fee_amount: 99,
        transfer_data: { destination: uk.id },
        on_behalf_of: uk.id,
      }),
    );
    expect(onBehalf).toMatchObject({ status: 'succeeded', currency: 'gbp', on_behalf_of: uk.id });

    // At home (a US account) and to a recipient account abroad (Stripe's cross-border payouts), without on_behalf_of.
    const us = await fullAccount('US');
    const home = await stripe.paymentIntents.create(
      payment({ application_fee_amount: 100, transfer_data: { destination: us.id } }),
    );
    expect(home.status).toBe('succeeded');
    const recipient = await stripe.accounts.create({
      country: 'AU',
      controller,
      capabilities: { transfers: { requested: true } },
      tos_acceptance: { service_agreement: 'recipient' },
    });
    standIn.completeOnboarding(recipient.id);
    const crossBorder = await stripe.paymentIntents.create(
      payment({ application_fee_amount: 100, transfer_data: { destination: recipient.id } }),
    );
    expect(crossBorder.status).toBe('succeeded');
  });

  it("refuses an amount under Stripe's minimum charge for its currency: amount_too_small", async () => {
    const minimums = [
      ['usd', 50, '$0.50'],
      ['cad', 50, '$0.50'],
      ['gbp', 30, '£0.30'],
      ['aud', 50, '$0.50'],
    ] as const;
    for (const [currency, minimum, written] of minimums) {
      const account = await fullAccount({ usd: 'US', cad: 'CA', gbp: 'GB', aud: 'AU' }[currency]);
      const charge = (amount: number) =>
        stripe.paymentIntents.create(
          payment({ amount, currency, transfer_data: { destination: account.id }, on_behalf_of: account.id }),
        );
      const error = await refusal(charge(minimum - 1));
      expect(error, currency).toMatchObject({
        statusCode: 400,
        code: 'amount_too_small',
        param: 'amount',
        message: `Amount must be at least ${written} ${currency}`,
      });
      expect((await charge(minimum)).status, currency).toBe('succeeded');
    }
    // An update under the minimum is refused too.
    const open = await stripe.paymentIntents.create({
      amount: 100,
      currency: 'gbp',
      allowed_payment_method_types: ['card'],
    });
    expect(await refusal(stripe.paymentIntents.update(open.id, { amount: 29 }))).toMatchObject({
      code: 'amount_too_small',
    });
  });

  it("keeps each balance per currency: the charge's on both sides, the application fee on the platform's", async () => {
    const uk = (await fullAccount('GB')).id;
    const platformGbpBefore = await balanceIn('gbp');
    const platformUsdBefore = await balanceIn('usd');
    const intent = await stripe.paymentIntents.create(
      payment({
        currency: 'gbp',
        payment_method: 'pm_card_gb',
        application_fee_amount: 99,
        transfer_data: { destination: uk },
        on_behalf_of: uk,
        expand: ['latest_charge.balance_transaction'],
      }),
    );
    const charge = intent.latest_charge as Stripe.Charge;
    // Stripe's fee on the platform, in pence: 2.9% + 20p for a UK card with the UK account the settlement merchant.
    expect(charge.balance_transaction).toMatchObject({ type: 'charge', currency: 'gbp', amount: 1000, fee: 49 });
    const account = await stripe.balanceTransactions.list({ limit: 10 }, { stripeAccount: uk });
    expect(account.data.map((txn) => [txn.type, txn.currency, txn.amount, txn.fee, txn.net])).toEqual([
      ['payment', 'gbp', 1000, 99, 901],
    ]);
    const fee = await stripe.applicationFees.retrieve(charge.application_fee as string, {
      expand: ['balance_transaction'],
    });
    expect(fee.balance_transaction).toMatchObject({ type: 'application_fee', currency: 'gbp', amount: 99 });
    expect(await balanceIn('gbp', uk)).toBe(901);
    expect((await balanceIn('gbp')) - platformGbpBefore).toBe(99 - 49);
    expect(await balanceIn('usd')).toBe(platformUsdBefore);
    // The account's balance lists its own currency first thing, then each currency something moved in.
    const empty = (await fullAccount('CA')).id;
    expect(await stripe.balance.retrieve({}, { stripeAccount: empty })).toMatchObject({
      available: [{ amount: 0, currency: 'cad' }],
      pending: [{ amount: 0, currency: 'cad' }],
    });

    // A card issued elsewhere pays Stripe's international fee, in the charge's currency.
    const foreignCard = await stripe.paymentIntents.create(
      payment({
        currency: 'gbp',
        application_fee_amount: 99,
        transfer_data: { destination: uk },
        on_behalf_of: uk,
        expand: ['latest_charge.balance_transaction'],
      }),
    );
    expect((foreignCard.latest_charge as Stripe.Charge).balance_transaction).toMatchObject({ fee: 64 });

    // A transfer comes out of the platform's balance in its currency: pounds it holds, Canadian dollars it does not.
    const transfer = await stripe.transfers.create({ amount: 40, currency: 'gbp', destination: uk });
    expect(transfer.currency).toBe('gbp');
    expect(await balanceIn('gbp', uk)).toBe(901 + 901 + 40);
    const short = await refusal(stripe.transfers.create({ amount: 40, currency: 'cad', destination: uk }));
    expect(short).toMatchObject({ code: 'balance_insufficient' });
  });

  it('pays an account out in its own currency, the amount as it is on the balance', async () => {
    const uk = (await fullAccount('GB', { settings: { payouts: { schedule: { interval: 'daily' } } } })).id;
    await stripe.paymentIntents.create(
      payment({ currency: 'gbp', application_fee_amount: 99, transfer_data: { destination: uk }, on_behalf_of: uk }),
    );
    // A dollar charge on behalf of the UK account stays in dollars on its balance: the stand-in converts nothing.
    await stripe.paymentIntents.create(
      payment({ currency: 'usd', application_fee_amount: 100, transfer_data: { destination: uk }, on_behalf_of: uk }),
    );
    const paid = standIn.payOut(uk);
    expect(paid).toMatchObject({ status: 'paid', currency: 'gbp', amount: 901 });
    const debit = await stripe.balanceTransactions.retrieve(paid.balance_transaction as string, undefined, {
      stripeAccount: uk,
    });
    expect(debit).toMatchObject({ type: 'payout', currency: 'gbp', amount: -901 });
    expect(await balanceIn('gbp', uk)).toBe(0);
    expect(await balanceIn('usd', uk)).toBe(900);
    // Its dollars would need a bank account in dollars (or Stripe's conversion): the stand-in pays nothing then.
    expect(() => standIn.payOut(uk, { currency: 'usd' })).toThrow(/no bank account in usd/);
    expect(() => standIn.payOut(uk)).toThrow(/no balance in gbp/);
  });

  it("takes the dispute fee in the disputed charge's currency", async () => {
    const uk = (await fullAccount('GB')).id;
    const intent = await stripe.paymentIntents.create(
      payment({
        currency: 'gbp',
        payment_method: 'pm_card_createDispute',
        application_fee_amount: 99,
        transfer_data: { destination: uk },
        on_behalf_of: uk,
      }),
    );
    const withdrawn = await standIn.waitForEvent(
      (event) =>
        event.type === 'charge.dispute.funds_withdrawn' &&
        (event.data.object as Stripe.Dispute).payment_intent === intent.id,
    );
    const dispute = withdrawn.data.object as Stripe.Dispute;
    expect(dispute.currency).toBe('gbp');
    expect(dispute.balance_transactions).toMatchObject([{ currency: 'gbp', amount: -1000, fee: 2000 }]);
  });
});
