import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutTermsOf } from '@beabro/shared/data/payout-terms';
import { applicationFeeCents, calculateFees, calculateRefundSplit } from '@beabro/shared/money/fees';
import { startStripeStandIn, type StripeStandIn } from '../../../testing/stripe-stand-in/stripe-stand-in';
import { StripePaymentProvider } from './stripe-provider';

/*
 * The live suite of the adapter: what the product does with Stripe, through `StripePaymentProvider` itself (never the
 * SDK alone), with the amounts Stripe really moves. It runs against the stand-in always, and against Stripe's test
 * mode when STRIPE_TEST_SECRET_KEY and STRIPE_TEST_CONNECTED_ACCOUNT (an onboarded US Express account) are set
 * (docs/going-live.md, "The live contract suite"): a difference between the two fails here. Supports in another
 * currency run live on the onboarded Canadian, UK and Australian accounts named by STRIPE_TEST_CONNECTED_ACCOUNT_CA,
 * _GB and _AU, those given.
 */

interface AdapterTarget {
  provider: StripePaymentProvider;
  /** The platform's own SDK: what an operator sees in Stripe's dashboard, to check the adapter's effects. */
  stripe: Stripe;
  /** A US connected account that finished onboarding (it takes destination charges). */
  activeAccount: string;
  /** Onboarded accounts made as the product makes them in other payout countries, by country (those available). */
  accountsAbroad: Partial<Record<'CA' | 'GB' | 'AU', string>>;
  /** The supporter's confirmation of an intent with a test card (Stripe.js on the page). */
  confirm(intentId: string, clientSecret: string, paymentMethod: string): Promise<void>;
}

const liveKey = process.env.STRIPE_TEST_SECRET_KEY;
const liveAccount = process.env.STRIPE_TEST_CONNECTED_ACCOUNT;
const run = `${Date.now().toString(36)}-${process.pid}`;
let keyCounter = 0;
const nextKey = () => `adapter-contract-${run}-${++keyCounter}`;

if (liveKey && !liveKey.startsWith('sk_test_') && !liveKey.startsWith('rk_test_')) {
  throw new Error('STRIPE_TEST_SECRET_KEY must be a test-mode key (sk_test_...): this suite creates payments');
}

/** The id of an expandable field Stripe sent unexpanded (or expanded). */
function idOf(value: string | { id: string } | null | undefined): string {
  if (!value) throw new Error('expected a Stripe object or its id');
  return typeof value === 'string' ? value : value.id;
}

/** Stripe's fee on a domestic US card: 2.9% + 30c, rounded to the cent, halves up. */
const stripeDomesticFee = (amountCents: number) => Math.floor((amountCents * 29 + 500) / 1000) + 30;

function adapterContract(getTarget: () => AdapterTarget, timeout: number) {
  it(
    'creates creators’ accounts in the US, Canada, the UK and Australia as the product does, held until released',
    async () => {
      const { provider, stripe } = getTarget();
      for (const country of ['US', 'CA', 'GB', 'AU'] as const) {
        const terms = payoutTermsOf(country)!;
        const made = await provider.connectedAccounts.create({
          creatorId: `contract-${run}-${country}`,
          email: `contract-${country.toLowerCase()}@example.com`,
          country,
        });
        expect(made.country).toBe(country);
        const account = await stripe.accounts.retrieve(made.id);
        expect(account).toMatchObject({
          country,
          default_currency: terms.payoutCurrency,
          controller: { fees: { payer: 'application' }, losses: { payments: 'application' } },
        });
        // Every payout country: Stripe's full service agreement, card payments and transfers (charges on its behalf).
        expect(terms.serviceAgreement).toBe('full');
        expect(account.tos_acceptance?.service_agreement ?? 'full').toBe(terms.serviceAgreement);
        expect(Object.keys(account.capabilities ?? {}).sort()).toEqual(
          terms.serviceAgreement === 'recipient' ? ['transfers'] : ['card_payments', 'transfers'],
        );
        // Made held: Stripe pays nothing out until the payouts job releases it to Tuesdays.
        expect(account.settings?.payouts?.schedule).toMatchObject({ interval: 'manual' });
        await provider.connectedAccounts.holdPayouts(made.id, false);
        expect((await stripe.accounts.retrieve(made.id)).settings?.payouts?.schedule).toMatchObject({
          interval: 'weekly',
          weekly_anchor: 'tuesday',
        });
        await provider.connectedAccounts.holdPayouts(made.id, true);
        expect((await stripe.accounts.retrieve(made.id)).settings?.payouts?.schedule).toMatchObject({
          interval: 'manual',
        });
      }
    },
    timeout,
  );

  it(
    'leaves the ledger’s creator net on the creator’s account and the platform its margin, before and after refunds',
    async () => {
      const { provider, stripe, activeAccount, confirm } = getTarget();
      for (const amountCents of [100, 500, 1000, 1429]) {
        const fees = calculateFees(amountCents, 'usd');
        const created = await provider.createIntent({
          amountCents,
          currency: 'usd',
          customer: 'contract@example.com',
          keepCard: false,
          applicationFeeCents: applicationFeeCents(amountCents, 'usd'),
          destination: activeAccount,
          description: `Contract support of ${amountCents}`,
          metadata: { contractRun: run },
          idempotencyKey: nextKey(),
        });
        await confirm(created.id, created.clientSecret, 'pm_card_visa');
        const paid = (await provider.retrieveIntent(created.id))!;
        expect(paid.status).toBe('succeeded');
        // Stripe's real fee, which the platform pays out of its application fee: its margin is never negative.
        expect(paid.providerFeeCents, `Stripe's fee at ${amountCents}`).toBe(stripeDomesticFee(amountCents));
        expect(applicationFeeCents(amountCents, 'usd') - paid.providerFeeCents!).toBeGreaterThanOrEqual(0);

        // The whole amount is transferred and the application fee taken from it: the account nets the creator net.
        const charge = await stripe.charges.retrieve(paid.chargeId!);
        const transfer = await stripe.transfers.retrieve(idOf(charge.transfer));
        expect(transfer).toMatchObject({ amount: amountCents, destination: activeAccount });
        const payment = await stripe.balanceTransactions.list(
          { source: idOf(transfer.destination_payment) },
          { stripeAccount: activeAccount },
        );
        expect(payment.data.map((t) => [t.type, t.net])).toEqual([['payment', fees.creatorNetCents]]);

        // A partial refund, then the rest, split as the ledger splits them: the account loses what the ledger takes
        // off the creator (the refund less the platform fee returned), the processing fee staying with them.
        let soFar = { refundedCents: 0, platformFeeReturnedCents: 0 };
        let creatorDebit = 0;
        const part = Math.max(1, Math.floor(amountCents / 3));
        for (const refundCents of [part, amountCents - part]) {
          const split = calculateRefundSplit(fees, soFar, refundCents);
          const result = await provider.refund({
            chargeId: paid.chargeId!,
            amountCents: refundCents,
            applicationFeeRefundCents: split.platformFeeReturnedCents,
            idempotencyKey: nextKey(),
            description: `Contract refund of ${refundCents}`,
          });
          expect(result.status).toBe('succeeded');
          creatorDebit += split.creatorDebitCents;
          soFar = {
            refundedCents: soFar.refundedCents + refundCents,
            platformFeeReturnedCents: soFar.platformFeeReturnedCents + split.platformFeeReturnedCents,
          };
        }
        const reversed = (await stripe.transfers.retrieve(transfer.id)).amount_reversed;
        const fee = await stripe.applicationFees.retrieve(idOf(charge.application_fee));
        expect(reversed - fee.amount_refunded, `the creator's loss at ${amountCents}`).toBe(creatorDebit);
        expect(creatorDebit).toBe(amountCents - fees.platformFeeCents);
      }
    },
    timeout,
  );

  it(
    'charges a support abroad in the creator’s currency on behalf of their account, and refunds it in that currency',
    async (context) => {
      const { provider, stripe, accountsAbroad, confirm } = getTarget();
      const abroad = Object.entries(accountsAbroad);
      if (abroad.length === 0) context.skip('no onboarded account abroad (STRIPE_TEST_CONNECTED_ACCOUNT_GB...)');
      for (const [country, accountId] of abroad) {
        const currency = payoutTermsOf(country)!.payoutCurrency;
        const fees = calculateFees(1000, currency);
        const created = await provider.createIntent({
          amountCents: 1000,
          currency,
          customer: 'contract@example.com',
          keepCard: false,
          applicationFeeCents: applicationFeeCents(1000, currency),
          destination: accountId,
          description: `Contract support of 1000 ${currency}`,
          metadata: { contractRun: run },
          idempotencyKey: nextKey(),
        });
        expect(created, country).toMatchObject({ currency, applicationFeeCents: 1000 - fees.creatorNetCents });
        await confirm(created.id, created.clientSecret, 'pm_card_visa');
        const paid = (await provider.retrieveIntent(created.id))!;
        expect(paid, country).toMatchObject({ status: 'succeeded', currency });
        const intent = await stripe.paymentIntents.retrieve(created.id);
        expect(intent, country).toMatchObject({
          currency,
          on_behalf_of: accountId,
          application_fee_amount: 1000 - fees.creatorNetCents,
          transfer_data: { destination: accountId },
        });
        // Settled in the account's currency, not converted: the account nets the creator net in it.
        const charge = await stripe.charges.retrieve(paid.chargeId!);
        const transfer = await stripe.transfers.retrieve(idOf(charge.transfer));
        const payment = await stripe.balanceTransactions.list(
          { source: idOf(transfer.destination_payment) },
          { stripeAccount: accountId },
        );
        expect(
          payment.data.map((t) => [t.type, t.currency, t.net]),
          country,
        ).toEqual([['payment', currency, fees.creatorNetCents]]);
        const split = calculateRefundSplit(fees, { refundedCents: 0, platformFeeReturnedCents: 0 }, 1000);
        const refunded = await provider.refund({
          chargeId: paid.chargeId!,
          amountCents: 1000,
          applicationFeeRefundCents: split.platformFeeReturnedCents,
          idempotencyKey: nextKey(),
          description: `Contract refund of 1000 ${currency}`,
        });
        expect(refunded.status, country).toBe('succeeded');
        const reversed = (await stripe.transfers.retrieve(transfer.id)).amount_reversed;
        const fee = await stripe.applicationFees.retrieve(idOf(charge.application_fee));
        expect(fee.currency, country).toBe(currency);
        expect(reversed - fee.amount_refunded, `the creator's loss in ${currency}`).toBe(split.creatorDebitCents);
      }
    },
    timeout,
  );

  it(
    'lists the account’s balance transactions the reconciliation reads: a support’s payment at the creator net',
    async () => {
      const { provider, activeAccount, confirm } = getTarget();
      const from = new Date(Date.now() - 60_000);
      const created = await provider.createIntent({
        amountCents: 2000,
        currency: 'usd',
        customer: 'contract@example.com',
        keepCard: false,
        applicationFeeCents: applicationFeeCents(2000, 'usd'),
        destination: activeAccount,
        description: 'Contract support of 2000',
        metadata: { contractRun: run },
        idempotencyKey: nextKey(),
      });
      await confirm(created.id, created.clientSecret, 'pm_card_visa');
      const transactions = await provider.listBalanceTransactions({
        accountId: activeAccount,
        from,
        to: new Date(Date.now() + 60_000),
      });
      expect(transactions.filter((t) => t.type === 'payment').map((t) => [t.currency, t.netCents])).toContainEqual([
        'usd',
        calculateFees(2000, 'usd').creatorNetCents,
      ]);
      const platform = await provider.listBalanceTransactions({
        accountId: null,
        from,
        to: new Date(Date.now() + 60_000),
      });
      expect(
        platform.some(
          (t) =>
            t.type === 'application_fee' && t.currency === 'usd' && t.netCents === applicationFeeCents(2000, 'usd'),
        ),
      ).toBe(true);
    },
    timeout,
  );
}

describe('Stripe adapter contract: local stand-in', () => {
  let standIn: StripeStandIn;
  let target: AdapterTarget;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const provider = new StripePaymentProvider({
      secretKey: standIn.secretKey,
      webhookSecret: 'whsec_adapter_contract',
      connectWebhookSecret: 'whsec_adapter_contract_connect',
      cardFrameUrl: '/pay/stripe/card-field',
      api: standIn.sdkOptions,
    });
    const stripe = new Stripe(standIn.secretKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
    const browser = new Stripe(standIn.publishableKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
    const onboarded = async (country: string) => {
      const made = await provider.connectedAccounts.create({
        creatorId: `contract-${run}-onboarded-${country}`,
        email: `contract-${country.toLowerCase()}@example.com`,
        country,
      });
      return standIn.completeOnboarding(made.id).id;
    };
    target = {
      provider,
      stripe,
      activeAccount: await onboarded('US'),
      accountsAbroad: { CA: await onboarded('CA'), GB: await onboarded('GB'), AU: await onboarded('AU') },
      async confirm(intentId, clientSecret, paymentMethod) {
        await browser.paymentIntents.confirm(intentId, {
          payment_method: paymentMethod,
          client_secret: clientSecret,
        } as Stripe.PaymentIntentConfirmParams);
      },
    };
  });
  afterAll(async () => {
    await standIn?.close();
  });

  adapterContract(() => target, 30_000);
});

describe.skipIf(!liveKey || !liveAccount)(
  liveKey && liveAccount
    ? 'Stripe adapter contract: live Stripe test mode'
    : 'Stripe adapter contract: live Stripe test mode (skipped: set STRIPE_TEST_SECRET_KEY and STRIPE_TEST_CONNECTED_ACCOUNT to run it)',
  () => {
    const target = (): AdapterTarget => {
      const stripe = new Stripe(liveKey!);
      return {
        provider: new StripePaymentProvider({
          secretKey: liveKey!,
          webhookSecret: 'whsec_unused_by_this_suite',
          connectWebhookSecret: 'whsec_unused_by_this_suite',
          cardFrameUrl: '/pay/stripe/card-field',
        }),
        stripe,
        activeAccount: liveAccount!,
        accountsAbroad: Object.fromEntries(
          (['CA', 'GB', 'AU'] as const).flatMap((country) => {
            const account = process.env[`STRIPE_TEST_CONNECTED_ACCOUNT_${country}`];
            return account ? [[country, account]] : [];
          }),
        ),
        // Test mode lets the platform confirm with a test card server-side, as Stripe.js would on the page.
        async confirm(intentId, _clientSecret, paymentMethod) {
          await stripe.paymentIntents.confirm(intentId, { payment_method: paymentMethod });
        },
      };
    };
    adapterContract(target, 180_000);
  },
);
