import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RefundResponse } from '@beabro/shared/api-schemas/refunds';
import type { ReceivedSupportDto } from '@beabro/shared/api-schemas/supports';
import { calculateFees } from '@beabro/shared/money/fees';
import { mockApi } from '@beabro/shared/testing/msw';
import { renderArea } from '../../../testing/render-area';
import { sampleDashboard } from '../../../testing/sample-data';
import { RecentSupportCard } from './recent-support-card';

const [oneOff, monthly] = sampleDashboard().recentSupports as [ReceivedSupportDto, ReceivedSupportDto];
const PATH = `/api/creator/supports/${oneOff.id}/refunds`;

function answer(
  amountCents: number,
  overrides: Partial<RefundResponse['refund']> = {},
  support: ReceivedSupportDto = oneOff,
): RefundResponse {
  return {
    refund: {
      id: '0b4f7c1e-9a55-4d1b-8c39-1b2f7b7e9a77',
      supportId: oneOff.id,
      amountCents,
      currency: 'usd',
      platformFeeReturnedCents: 13,
      creatorDebitCents: amountCents - 13,
      reason: 'requested_by_supporter',
      note: '',
      subscriptionCanceled: false,
      createdAt: '2025-06-16T08:00:00.000Z',
      ...overrides,
    },
    support: { ...support, refundedCents: amountCents, refundableCents: support.amountCents - amountCents },
    replayed: false,
  };
}

function renderCard(supports: ReceivedSupportDto[] = [oneOff, monthly]) {
  return renderArea(<RecentSupportCard supports={supports} now={new Date('2025-06-16T08:00:00Z')} />, {
    path: '/dashboard',
    route: '/dashboard',
  });
}

async function openRefund(name: RegExp) {
  const user = userEvent.setup();
  renderCard();
  await user.click(screen.getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund support' });
  return { user, dialog };
}

describe('RefundDialog', () => {
  it('opens from the support list with what is left as the amount, and shows what comes off the balance and why', async () => {
    mockApi({});
    const { dialog } = await openRefund(/Refund the \$5\.00 support from Jordan/);
    expect(within(dialog).getByLabelText('Amount to refund (USD)')).toHaveValue('5.00');
    expect(dialog).toHaveTextContent('Jordan gave $5.00. You can refund up to $5.00.');
    expect(dialog).toHaveTextContent('Back to the supporter$5.00');
    expect(dialog).toHaveTextContent('Platform fee we return to you$0.25');
    expect(dialog).toHaveTextContent('Comes off your balance$4.75');
    expect(dialog).toHaveTextContent('The payment processing fee ($0.45) is kept by the card processor');
    // A one-off support has no monthly support to cancel.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Refund $5.00' })).toBeEnabled();
  });

  it("says every amount in the support's currency: pounds for a GBP creator", async () => {
    const api = mockApi({});
    // £10.00: 5% platform fee 50p, processing 2.9% + 20p = 49p, 901p to the creator.
    const fees = calculateFees(1_000, 'gbp');
    const pounds: ReceivedSupportDto = {
      ...oneOff,
      amountCents: fees.amountCents,
      currency: 'gbp',
      creatorNetCents: fees.creatorNetCents,
      platformFeeCents: fees.platformFeeCents,
      processingFeeCents: fees.processingFeeCents,
      refundableCents: fees.amountCents,
    };
    const user = userEvent.setup();
    renderCard([pounds]);
    await user.click(screen.getByRole('button', { name: /Refund the £10\.00 support from Jordan/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund support' });
    const amount = within(dialog).getByLabelText('Amount to refund (GBP)');
    expect(amount).toHaveValue('10.00');
    expect(dialog).toHaveTextContent('Jordan gave £10.00. You can refund up to £10.00.');
    expect(dialog).toHaveTextContent('Back to the supporter£10.00');
    expect(dialog).toHaveTextContent('Platform fee we return to you£0.50');
    expect(dialog).toHaveTextContent('Comes off your balance£9.50');
    expect(dialog).toHaveTextContent('The payment processing fee (£0.49) is kept by the card processor');
    expect(dialog).not.toHaveTextContent('$');
    await user.clear(amount);
    await user.type(amount, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('You can refund at most £10.00')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('shows field errors next to the fields and sends nothing while the amount or the reason is wrong', async () => {
    const api = mockApi({});
    const { user, dialog } = await openRefund(/from Jordan/);
    const amount = within(dialog).getByLabelText('Amount to refund (USD)');
    await user.clear(amount);
    await user.type(amount, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('You can refund at most $5.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a reason for the refund')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '2.505');
    // Editing a field clears its message until the next submit.
    expect(within(dialog).queryByText('You can refund at most $5.00')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Choose a reason for the refund')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Enter an amount to see what comes off your balance.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refunds part of a support with an Idempotency-Key, then closes and says so', async () => {
    const api = mockApi({ [`POST ${PATH}`]: { status: 201, body: answer(250) } });
    const { user, dialog } = await openRefund(/from Jordan/);
    const amount = within(dialog).getByLabelText('Amount to refund (USD)');
    await user.clear(amount);
    await user.type(amount, '2.50');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Requested by the supporter');
    await user.type(within(dialog).getByLabelText('Note to the supporter (optional)'), 'Sorry for the mix-up');
    expect(dialog).toHaveTextContent('Platform fee we return to you$0.13');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $2.50' }));

    expect(await screen.findByText('Refunded $2.50 to Jordan.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [call] = api.callsTo('POST', PATH);
    expect(call?.body).toEqual({
      amountCents: 250,
      reason: 'requested_by_supporter',
      note: 'Sorry for the mix-up',
      cancelSubscription: false,
    });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's field message next to the amount and retries with a new key once the server has answered", async () => {
    let calls = 0;
    const api = mockApi({
      [`POST ${PATH}`]: () =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                message: 'You can refund at most $4.00',
                fieldErrors: { amountCents: 'You can refund at most $4.00' },
              },
            }
          : { status: 201, body: answer(400) },
    });
    const { user, dialog } = await openRefund(/from Jordan/);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Duplicate support');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $5.00' }));
    expect(await within(dialog).findByText('You can refund at most $4.00')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount to refund (USD)');
    await user.clear(amount);
    await user.type(amount, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $4.00' }));
    expect(await screen.findByText('Refunded $4.00 to Jordan.')).toHaveAttribute('role', 'status');
    const keys = api.callsTo('POST', PATH).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("offers to cancel a monthly support with its charge's refund", async () => {
    const path = `/api/creator/supports/${monthly.id}/refunds`;
    const api = mockApi({
      [`POST ${path}`]: {
        status: 201,
        body: answer(
          1_500,
          { supportId: monthly.id, subscriptionCanceled: true },
          { ...monthly, subscriptionActive: false },
        ),
      },
    });
    const { user, dialog } = await openRefund(/from Anonymous/);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Also cancel this monthly support now (no further charges)' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund $15.00' }));
    expect(
      await screen.findByText('Refunded $15.00 to Anonymous. Their monthly support is cancelled.'),
    ).toHaveAttribute('role', 'status');
    expect(api.callsTo('POST', path)[0]?.body).toMatchObject({ amountCents: 1_500, cancelSubscription: true });
  });

  it('marks refunded supports in the list and offers no refund once nothing is left', () => {
    mockApi({});
    renderCard([
      { ...oneOff, refundedCents: 500, platformFeeReturnedCents: 25, refundableCents: 0 },
      { ...monthly, refundedCents: 300, platformFeeReturnedCents: 15, refundableCents: 1_200 },
    ]);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Refunded $5.00');
    // $4.30 received, $5.00 back to the supporter, $0.25 platform fee returned: the processing fee is the cost.
    expect(items[0]).toHaveTextContent('the refund costs you $0.45 of card processing fees');
    expect(items[0]).not.toHaveTextContent('you receive');
    // $13.51 received, $3.00 refunded, $0.15 platform fee returned.
    expect(items[1]).toHaveTextContent('you receive $10.66 after the refund');
    expect(items[1]).not.toHaveTextContent('$13.51');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Partially refunded $3.00');
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: /Refund the \$15\.00 support/ }),
    ).toBeInTheDocument();
  });
});
