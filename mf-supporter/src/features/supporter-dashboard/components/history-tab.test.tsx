import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calculateFees } from '@beabro/shared/money/fees';
import { fakeDashboard, fakeSupport } from '../../../testing/fake-data';
import { renderDashboard } from '../../../testing/render-dashboard';

// Role queries are slow in jsdom; a busy machine needs more than the default 5 s for a whole journey.
vi.setConfig({ testTimeout: 20_000 });

const rows = () => within(screen.getByRole('list', { name: 'Supports' })).getAllByRole('button');
const rowNames = () => rows().map((row) => row.getAttribute('aria-label'));

describe('Support History tab', () => {
  it('lists every support, newest first', async () => {
    renderDashboard({ route: '/supporter-dashboard?tab=history' });
    await screen.findByRole('heading', { name: 'Support History' });
    expect(rowNames()).toEqual([
      'Pixel Pat, Nov 20, 2026, Monthly, $25.00: view receipt',
      'Pixel Pat, Nov 13, 2026, One-off, $10.00: view receipt',
      'Maya Okafor, Nov 12, 2026, One-off, $50.00: view receipt',
      // Made as a guest: the row shows "as guest", so its name says it too.
      'Green Streets Collective, Oct 15, 2026, One-off, as guest, $50.00: view receipt',
    ]);
    expect(within(screen.getByRole('region', { name: 'Support History' })).getByText('4 supports')).toBeInTheDocument();
    expect(screen.getByText('Includes the supports you made as a guest with your verified email.')).toBeInTheDocument();
  });

  it('filters by type, creator and date range, keeps the filter in the URL, and clears it', async () => {
    const user = userEvent.setup();
    const { location } = renderDashboard({ route: '/supporter-dashboard?tab=history' });
    await screen.findByRole('heading', { name: 'Support History' });

    await user.selectOptions(screen.getByLabelText('Type'), 'One-off');
    expect(rows()).toHaveLength(3);
    expect(screen.getByText('Showing 3 of 4 supports')).toBeInTheDocument();
    expect(location()).toBe('/supporter-dashboard?tab=history&kind=one-off');

    await user.selectOptions(screen.getByLabelText('Creator'), 'Pixel Pat');
    expect(rowNames()).toEqual(['Pixel Pat, Nov 13, 2026, One-off, $10.00: view receipt']);
    expect(location()).toBe('/supporter-dashboard?tab=history&kind=one-off&creator=pixelpat');

    await user.selectOptions(screen.getByLabelText('Type'), 'Monthly');
    expect(rowNames()).toEqual(['Pixel Pat, Nov 20, 2026, Monthly, $25.00: view receipt']);

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(rows()).toHaveLength(4);
    expect(location()).toBe('/supporter-dashboard?tab=history');

    // Date inputs take ISO days; typing them fires one change each.
    await user.type(screen.getByLabelText('From'), '2026-11-12');
    await user.type(screen.getByLabelText('To'), '2026-11-13');
    expect(rowNames()).toEqual([
      'Pixel Pat, Nov 13, 2026, One-off, $10.00: view receipt',
      'Maya Okafor, Nov 12, 2026, One-off, $50.00: view receipt',
    ]);
    expect(location()).toBe('/supporter-dashboard?tab=history&from=2026-11-12&to=2026-11-13');
  });

  it('reads the filter from the URL, explains a reversed range and offers to clear a filter that matches nothing', async () => {
    const user = userEvent.setup();
    renderDashboard({ route: '/supporter-dashboard?tab=history&from=2026-11-20&to=2026-11-01' });
    await screen.findByRole('heading', { name: 'Support History' });
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The end date must be on or after the start date')).toBeInTheDocument();
    expect(rows()).toHaveLength(4);

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await user.selectOptions(screen.getByLabelText('Creator'), 'Green Streets Collective');
    await user.selectOptions(screen.getByLabelText('Type'), 'Monthly');
    expect(screen.getByRole('heading', { name: 'No supports match these filters' })).toBeInTheDocument();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clearButtons[clearButtons.length - 1]!);
    expect(rows()).toHaveLength(4);
  });

  it('opens the receipt of a row: amount, fee breakdown, creator, date and message', async () => {
    const user = userEvent.setup();
    renderDashboard({ route: '/supporter-dashboard?tab=history' });
    await screen.findByRole('heading', { name: 'Support History' });

    await user.click(rows()[0]!);
    const receipt = screen.getByRole('dialog', { name: 'Receipt' });
    const fees = calculateFees(2_500, 'usd');
    expect(receipt).toHaveTextContent('$25.00/month');
    expect(receipt).toHaveTextContent('CreatorPixel Pat');
    expect(within(receipt).getByRole('link', { name: 'Pixel Pat' })).toHaveAttribute('href', '/pixelpat');
    expect(receipt).toHaveTextContent('TypeMonthly');
    expect(receipt).toHaveTextContent(`Platform fee (5%)$${(fees.platformFeeCents / 100).toFixed(2)}`);
    expect(receipt).toHaveTextContent(
      `Payment processing (2.9% + $0.30)$${(fees.processingFeeCents / 100).toFixed(2)}`,
    );
    expect(receipt).toHaveTextContent(`Creator receives$${(fees.creatorNetCents / 100).toFixed(2)}`);
    // The history contract carries no card: no made-up "Paid with" line.
    expect(receipt).not.toHaveTextContent('Paid with');
    expect(receipt).toHaveTextContent('Message“Monthly bro reporting for duty.”');
    await user.click(within(receipt).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(rows()[3]!);
    const guest = screen.getByRole('dialog', { name: 'Receipt' });
    expect(guest).toHaveTextContent('MadeAs a guest, with your email');
  });

  it("shows each support in its creator's currency, pounds beside dollars", async () => {
    const user = userEvent.setup();
    const dashboard = fakeDashboard();
    const pounds = fakeSupport({
      creatorUsername: 'londonlee',
      creatorDisplayName: 'London Lee',
      amountCents: 1_000,
      currency: 'gbp',
      createdAt: '2026-11-21T12:00:00.000Z',
    });
    renderDashboard({
      dashboard: { ...dashboard, history: [pounds, ...dashboard.history] },
      route: '/supporter-dashboard?tab=history',
    });
    await screen.findByRole('heading', { name: 'Support History' });
    expect(rowNames().slice(0, 2)).toEqual([
      'London Lee, Nov 21, 2026, One-off, £10.00: view receipt',
      'Pixel Pat, Nov 20, 2026, Monthly, $25.00: view receipt',
    ]);
    await user.click(rows()[0]!);
    const receipt = screen.getByRole('dialog', { name: 'Receipt' });
    // £10: 50p platform fee, 2.9% + 20p = 49p processing, £9.01 to the creator.
    expect(receipt).toHaveTextContent('Platform fee (5%)£0.50');
    expect(receipt).toHaveTextContent('Payment processing (2.9% + £0.20)£0.49');
    expect(receipt).toHaveTextContent('Creator receives£9.01');
    expect(receipt).not.toHaveTextContent('$');
  });

  it('marks supports the creator refunded, in full or in part, and shows the refund on the receipt', async () => {
    const user = userEvent.setup();
    const dashboard = fakeDashboard({
      history: [
        fakeSupport({ amountCents: 1_000, refundedCents: 400, createdAt: '2026-11-21T12:00:00.000Z' }),
        fakeSupport({ amountCents: 500, refundedCents: 500, createdAt: '2026-11-20T12:00:00.000Z' }),
      ],
    });
    renderDashboard({ route: '/supporter-dashboard?tab=history', dashboard });
    await screen.findByRole('heading', { name: 'Support History' });
    expect(rowNames()).toEqual([
      'Pixel Pat, Nov 21, 2026, One-off, Refunded $4.00 of $10.00, $10.00: view receipt',
      'Pixel Pat, Nov 20, 2026, One-off, Refunded $5.00, $5.00: view receipt',
    ]);
    await user.click(rows()[0]!);
    expect(screen.getByRole('dialog', { name: 'Receipt' })).toHaveTextContent('Refunded to your card$4.00');
  });
});
