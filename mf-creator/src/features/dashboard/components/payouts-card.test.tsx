import { screen, within } from '@testing-library/react';
import type { PayoutDto } from '@beabro/shared/api-schemas/payouts';
import { PAYOUT_TERMS } from '@beabro/shared/data/payout-terms';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { mockApi } from '@beabro/shared/testing/msw';
import { samplePayouts } from '../../../testing/sample-data';
import { PayoutsCard } from './payouts-card';

const SANDBOX_ACCOUNT = {
  body: { capabilities: { cardField: 'sandbox-frame', connectedAccounts: false }, payoutTerms: null, account: null },
};

const STRIPE_ACCOUNT = {
  body: {
    capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
    payoutTerms: PAYOUT_TERMS.US,
    account: {
      country: 'US',
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      canReceiveSupport: true,
      requirementsDue: [],
      disabledReason: null,
    },
  },
};

/** One of Stripe's payouts to the bank: no week, Stripe's id, the day the bank gets the money. */
const stripePayout = (overrides: Partial<PayoutDto>): PayoutDto => ({
  id: 'po_1',
  weekStart: null,
  weekEnd: null,
  amountCents: 1_000,
  currency: 'usd',
  status: 'paid',
  holdReason: null,
  paidAt: null,
  arrivalDate: '2025-06-10T00:00:00.000Z',
  failureCode: null,
  failureMessage: null,
  createdAt: '2025-06-09T00:00:00.000Z',
  ...overrides,
});

const STRIPE_NEXT_PAYOUT = { ...samplePayouts().nextPayout, weekStart: null, weekEnd: null };

async function card() {
  renderWithProviders(<PayoutsCard />);
  const region = await screen.findByRole('region', { name: 'Payouts' });
  await within(region).findByText('Payout history');
  return region;
}

/** The table's body rows (the first row is the column headers). */
const rows = (region: HTMLElement) => within(within(region).getByRole('table')).getAllByRole('row').slice(1);

describe('PayoutsCard', () => {
  it('lists the weekly payouts by week, as before, and words the next one for its week', async () => {
    mockApi({
      'GET /api/creator/payouts': {
        body: samplePayouts({
          payouts: [
            {
              ...samplePayouts().payouts[0]!,
              id: '1f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a02',
              weekStart: '2025-06-09',
              weekEnd: '2025-06-15',
              amountCents: 500,
              status: 'held',
              holdReason: 'Payouts are held while this account is suspended.',
              paidAt: null,
            },
            ...samplePayouts().payouts,
          ],
        }),
      },
      'GET /api/creator/payout-account': SANDBOX_ACCOUNT,
    });
    const region = await card();
    expect(region).toHaveTextContent('Next payout (estimate)$113.30Tuesday, June 17, 2025, for Jun 9 – Jun 15, 2025');
    expect(region).not.toHaveTextContent('Stripe');
    expect(within(region).getByRole('table', { name: 'Your latest payouts, newest first' })).toBeInTheDocument();
    expect(
      within(within(region).getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Week', 'Amount', 'Status']);
    const [held, paid] = rows(region);
    expect(held).toHaveTextContent('Jun 9 – Jun 15, 2025$5.00HeldPayouts are held while this account is suspended.');
    expect(paid).toHaveTextContent('Jun 2 – Jun 8, 2025$157.52PaidJun 10, 2025');
    // Every payout, not only the latest shown, as a download.
    expect(within(region).getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/creator/payouts/export.csv',
    );
  });

  it('lists Stripe’s payouts in the one table: on its way, arrived, failed with the reason, canceled', async () => {
    mockApi({
      'GET /api/creator/payouts': {
        body: samplePayouts({
          paidBy: 'stripe',
          nextPayout: STRIPE_NEXT_PAYOUT,
          payouts: [
            stripePayout({
              id: 'po_5',
              status: 'in_transit',
              amountCents: 3_410,
              arrivalDate: '2025-06-19T00:00:00.000Z',
            }),
            stripePayout({
              id: 'po_4',
              status: 'canceled',
              amountCents: 700,
              arrivalDate: '2025-06-17T00:00:00.000Z',
            }),
            stripePayout({
              id: 'po_3',
              status: 'failed',
              amountCents: 1_250,
              arrivalDate: '2025-06-12T00:00:00.000Z',
              failureCode: 'account_closed',
              failureMessage: 'The bank account has been closed.',
            }),
            stripePayout({
              id: 'po_2',
              status: 'failed',
              amountCents: 500,
              arrivalDate: null,
              failureCode: 'something_new',
              failureMessage: 'Stripe says something new.',
            }),
            stripePayout({
              id: 'po_1',
              status: 'paid',
              amountCents: 2_890,
              currency: 'aud',
              paidAt: '2025-06-10T00:00:00.000Z',
            }),
            stripePayout({ id: 'po_0', arrivalDate: null, paidAt: '2025-06-03T09:00:00.000Z' }),
          ],
        }),
      },
      'GET /api/creator/payout-account': STRIPE_ACCOUNT,
    });
    const region = await card();
    // One list: the Stripe account's section (still shown) lists no payouts of its own.
    expect(await within(region).findByRole('region', { name: 'Stripe payouts' })).toHaveTextContent('Payouts enabled');
    expect(within(region).getAllByRole('table')).toHaveLength(1);
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
    expect(
      within(within(region).getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Amount', 'Status']);

    const [inTransit, canceled, failed, failedOther, paid, paidWithoutArrival] = rows(region);
    expect(rows(region)).toHaveLength(6);
    expect(inTransit).toHaveTextContent('Arrives Jun 19, 2025$34.10On its way');
    expect(within(inTransit!).getByText('On its way')).toBeInTheDocument();

    expect(canceled).toHaveTextContent(
      '$7.00CanceledStripe canceled this payout before it reached your bank: the money stayed on your balance and goes out with your next payout.',
    );
    expect(canceled).not.toHaveTextContent(/Arrive|Due|Jun 17/);

    expect(failed).toHaveTextContent(
      'Due Jun 12, 2025$12.50FailedThe bank account is closed. Stripe put the money back on your balance; check your bank details in Stripe.',
    );
    expect(failedOther).toHaveTextContent(
      '$5.00FailedStripe says something new. Stripe put the money back on your balance',
    );

    // The bank's currency, and the arrival once only (not again after the badge).
    expect(paid).toHaveTextContent(/^Arrived Jun 10, 2025A\$28\.90Paid$/);
    // No arrival date from Stripe: the day it was paid stands in.
    expect(paidWithoutArrival).toHaveTextContent(/^Arrived Jun 3, 2025\$10\.00Paid$/);
  });

  it('words the next payout for Stripe: the Tuesday and the balance, no week', async () => {
    mockApi({
      'GET /api/creator/payouts': {
        body: samplePayouts({ paidBy: 'stripe', nextPayout: STRIPE_NEXT_PAYOUT, payouts: [] }),
      },
      'GET /api/creator/payout-account': STRIPE_ACCOUNT,
    });
    const region = await card();
    const estimate = within(region).getByText('Next payout (estimate)').parentElement!;
    expect(estimate).toHaveTextContent(
      'Next payout (estimate)$113.30Tuesday, June 17, 2025Stripe pays the balance available that day to your bank.',
    );
    expect(estimate).not.toHaveTextContent(/ for |–/);
    expect(region).toHaveTextContent('Your earnings after fees, minus refunds and payouts made.');
    expect(region).toHaveTextContent('No payouts yet.');
  });

  it('says a Stripe payout is held without naming a day or a week', async () => {
    const held = 'Payouts are held while our team reviews recent activity on this account.';
    mockApi({
      'GET /api/creator/payouts': {
        body: samplePayouts({
          paidBy: 'stripe',
          nextPayout: { ...STRIPE_NEXT_PAYOUT, holdReason: held },
          payouts: [],
        }),
      },
      'GET /api/creator/payout-account': STRIPE_ACCOUNT,
    });
    const region = await card();
    const estimate = within(region).getByText('Next payout (estimate)').parentElement!;
    expect(estimate).toHaveTextContent('Next payout (estimate)$113.30Held: see below');
    expect(estimate).not.toHaveTextContent('Tuesday');
    expect(within(region).getByRole('note')).toHaveTextContent(`Held: ${held}`);
  });

  it('says when Stripe pays out when there is nothing to pay yet', async () => {
    mockApi({
      'GET /api/creator/payouts': {
        body: samplePayouts({
          paidBy: 'stripe',
          balanceCents: 0,
          nextPayout: { ...STRIPE_NEXT_PAYOUT, estimatedAmountCents: 0 },
          payouts: [],
        }),
      },
      'GET /api/creator/payout-account': STRIPE_ACCOUNT,
    });
    const region = await card();
    expect(region).toHaveTextContent(
      'Nothing to pay out yet: supports you receive are paid out on the first Tuesday after Stripe makes them available on your balance.',
    );
    expect(region).not.toHaveTextContent('the Tuesday after their week ends');
    // Nothing to export yet.
    expect(within(region).queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
