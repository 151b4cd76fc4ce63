import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@beabro/shared/testing/msw';
import { renderArea } from '../../../testing/render-area';
import { sampleDashboard, samplePayouts, sampleProfile } from '../../../testing/sample-data';
import { DashboardPage } from './dashboard-page';

const renderDashboard = () => renderArea(<DashboardPage />, { path: '/dashboard', route: '/dashboard' });

describe('DashboardPage', () => {
  it('welcomes the creator with links to the profile and settings, and shows the four stat cards', async () => {
    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': { body: samplePayouts() },
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Pixel Pat!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/pixelpat');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'Posts' })).toHaveAttribute('href', '/dashboard/posts');
    const stats = screen.getByRole('region', { name: 'Your figures' });
    expect(within(stats).getByText('Total Earnings').parentElement).toHaveTextContent('$298.00');
    expect(stats).toHaveTextContent('You keep $270.82 after fees');
    expect(within(stats).getByText('This Month').parentElement).toHaveTextContent('$153.00');
    expect(stats).toHaveTextContent('+5.5% vs last month');
    expect(within(stats).getByText('Total Supporters').parentElement).toHaveTextContent('11');
    expect(stats).toHaveTextContent('+8 new supporters this month');
    expect(within(stats).getByText('Goal Progress').parentElement).toHaveTextContent('15%');
    expect(stats).toHaveTextContent('$298 of $2,000');
  });

  it("shows every amount in the creator's currency: pounds for a GBP creator", async () => {
    const dashboard = sampleDashboard();
    const payouts = samplePayouts();
    mockApi({
      'GET /api/creator/dashboard': {
        body: sampleDashboard({
          currency: 'gbp',
          recentSupports: dashboard.recentSupports.map((support) => ({ ...support, currency: 'gbp' as const })),
        }),
      },
      'GET /api/creator-profile': { body: { profile: sampleProfile({ country: 'GB', currency: 'gbp' }) } },
      'GET /api/creator/payouts': {
        body: samplePayouts({
          currency: 'gbp',
          payoutCountry: 'GB',
          payouts: payouts.payouts.map((payout) => ({ ...payout, currency: 'gbp' as const })),
        }),
      },
    });
    renderDashboard();
    const stats = await screen.findByRole('region', { name: 'Your figures' });
    expect(within(stats).getByText('Total Earnings').parentElement).toHaveTextContent('£298.00');
    expect(stats).toHaveTextContent('You keep £270.82 after fees');
    expect(within(stats).getByText('This Month').parentElement).toHaveTextContent('£153.00');
    expect(stats).toHaveTextContent('£298 of £2,000');
    const recent = screen.getByRole('region', { name: 'Recent Support' });
    expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent('£5.00');
    const payoutsCard = screen.getByRole('region', { name: 'Payouts' });
    expect(await within(payoutsCard).findByText('Next payout (estimate)')).toBeInTheDocument();
    expect(payoutsCard).toHaveTextContent('£113.30');
    expect(within(payoutsCard).getByRole('table')).toHaveTextContent('Jun 2 – Jun 8, 2025£157.52PaidJun 10, 2025');
    expect(document.body).not.toHaveTextContent('$');
  });

  it('says at the top when payouts are held and why, with a link to the country setting when that is the reason', async () => {
    const noCountry = 'Payouts are held until you set your country in Settings.';
    const held = sampleDashboard({ nextPayout: { ...sampleDashboard().nextPayout, holdReason: noCountry } });
    mockApi({
      'GET /api/creator/dashboard': { body: held },
      'GET /api/creator-profile': { body: { profile: sampleProfile({ country: null }) } },
      'GET /api/creator/payouts': { body: samplePayouts() },
    });
    renderDashboard();
    const notice = await screen.findByRole('region', { name: 'Your payouts are held' });
    expect(notice).toHaveTextContent(noCountry);
    expect(within(notice).getByRole('link', { name: 'Set your payout country' })).toHaveAttribute(
      'href',
      '/settings?tab=support',
    );
    expect(within(notice).getByRole('link', { name: 'How payouts work' })).toHaveAttribute(
      'href',
      '/help?category=payments',
    );
  });

  it('says a payout is held with Stripe, where the next payout covers no week', async () => {
    const review = 'Payouts are held while our team reviews recent activity on this account.';
    const nextPayout = { ...sampleDashboard().nextPayout, weekStart: null, weekEnd: null, holdReason: review };
    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard({ nextPayout }) },
      'GET /api/creator-profile': { body: { profile: sampleProfile({ country: 'US' }) } },
      'GET /api/creator/payouts': { body: samplePayouts({ paidBy: 'stripe', nextPayout, payouts: [] }) },
    });
    renderDashboard();
    const notice = await screen.findByRole('region', { name: 'Your payouts are held' });
    expect(notice).toHaveTextContent(review);
    expect(within(notice).queryByRole('link', { name: /payout country/ })).not.toBeInTheDocument();
    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect(await within(payouts).findByText('Held: see below')).toBeInTheDocument();
    expect(payouts).not.toHaveTextContent('Tuesday, June 17, 2025');
  });

  it('explains a first-payout hold without sending the creator to settings, and shows no notice when nothing is held', async () => {
    const firstPayout =
      'Your first payout is held for a 7-day verification period after your first support; it will be paid on June 24, 2025.';
    mockApi({
      'GET /api/creator/dashboard': {
        body: sampleDashboard({ nextPayout: { ...sampleDashboard().nextPayout, holdReason: firstPayout } }),
      },
      'GET /api/creator-profile': { body: { profile: sampleProfile({ country: 'US' }) } },
      'GET /api/creator/payouts': { body: samplePayouts() },
    });
    const first = renderDashboard();
    const notice = await screen.findByRole('region', { name: 'Your payouts are held' });
    expect(notice).toHaveTextContent(firstPayout);
    expect(within(notice).queryByRole('link', { name: /payout country/ })).not.toBeInTheDocument();
    first.unmount();

    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'GET /api/creator-profile': { body: { profile: sampleProfile({ country: 'US' }) } },
      'GET /api/creator/payouts': { body: samplePayouts() },
    });
    renderDashboard();
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Pixel Pat!' });
    expect(screen.queryByRole('region', { name: 'Your payouts are held' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'How payouts work' })).toHaveAttribute(
      'href',
      '/help?category=payments',
    );
  });

  it('shows the Stripe account in the Payouts card with Stripe only', async () => {
    const sandbox = mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': { body: samplePayouts() },
      'GET /api/creator/payout-account': {
        body: {
          capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
          payoutTerms: null,
          account: null,
        },
      },
    });
    const first = renderDashboard();
    const payouts = await screen.findByRole('region', { name: 'Payouts' });
    await vi.waitFor(() => expect(sandbox.callsTo('GET', '/api/creator/payout-account')).toHaveLength(1));
    expect(await within(payouts).findByText('Payout history')).toBeInTheDocument();
    expect(within(payouts).queryByRole('region', { name: 'Stripe payouts' })).not.toBeInTheDocument();
    first.unmount();

    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': { body: samplePayouts() },
      'GET /api/creator/payout-account': {
        body: {
          capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
          payoutTerms: { country: 'US', payoutCurrency: 'usd', serviceAgreement: 'full', crossBorder: false },
          account: null,
        },
      },
    });
    renderDashboard();
    const stripe = await screen.findByRole('region', { name: 'Stripe payouts' });
    expect(stripe).toHaveTextContent('Not connected');
    expect(
      within(screen.getByRole('region', { name: 'Payouts' })).getByRole('region', { name: 'Stripe payouts' }),
    ).toBe(stripe);
  });

  it('lists recent supports with View All to analytics, keeping anonymous supporters anonymous', async () => {
    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': { body: samplePayouts() },
    });
    renderDashboard();
    const recent = await screen.findByRole('region', { name: 'Recent Support' });
    expect(within(recent).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/analytics');
    const items = within(recent).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Jordan');
    expect(items[0]).toHaveTextContent('$5.00');
    expect(items[0]).toHaveTextContent('“Loved the stream!”');
    expect(items[1]).toHaveTextContent('Anonymous');
    expect(items[1]).toHaveTextContent('Monthly');
  });

  it('hides a supporter from the wall from the list, and shows a refusal next to the button', async () => {
    const user = userEvent.setup();
    let dashboard = sampleDashboard();
    const jordan = dashboard.recentSupports[0]!;
    const api = mockApi({
      'GET /api/creator/dashboard': () => ({ body: dashboard }),
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': { body: samplePayouts() },
      [`PUT /api/creator/supports/${jordan.id}/wall`]: (call) => {
        const hidden = (call.body as { hidden: boolean }).hidden;
        if (!hidden) return { status: 409, body: { message: 'This supporter is not on your wall.' } };
        dashboard = {
          ...dashboard,
          recentSupports: dashboard.recentSupports.map((s) => (s.id === jordan.id ? { ...s, wall: 'hidden' } : s)),
        };
        return { body: { wall: 'hidden' } };
      },
    });
    renderDashboard();
    const recent = await screen.findByRole('region', { name: 'Recent Support' });
    const [first, second] = within(recent).getAllByRole('listitem');
    expect(first).toHaveTextContent('On your wall');
    // The anonymous supporter is never on the wall: no badge, no button.
    expect(within(second!).queryByRole('button', { name: /wall/ })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Hide Jordan from your supporter wall' }));
    expect(api.callsTo('PUT', `/api/creator/supports/${jordan.id}/wall`)[0]?.body).toEqual({ hidden: true });
    expect(await within(first!).findByText('Hidden from your wall')).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Show Jordan on your supporter wall again' }));
    expect(await within(first!).findByRole('alert')).toHaveTextContent('This supporter is not on your wall.');
  });

  it('counts the monthly supports whose renewal is being retried', async () => {
    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard({ retryingSupports: 2 }) },
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': { body: samplePayouts() },
    });
    renderDashboard();
    const month = await screen.findByRole('region', { name: 'This Month' });
    expect(month).toHaveTextContent('Renewals being retried2');
    expect(month).toHaveTextContent('we try again 1, 3 and 5 days after it was due');
  });

  it('shows performance, the goal with Update Goal, This Month, quick actions and payouts', async () => {
    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': { body: samplePayouts() },
    });
    renderDashboard();
    const performance = await screen.findByRole('region', { name: 'Performance Overview' });
    expect(performance).toHaveTextContent('Profile views120');
    expect(performance).toHaveTextContent('Support page views40');
    expect(performance).toHaveTextContent('Conversion rate25%New supporters per support page visit');
    expect(within(performance).getByText('How is the conversion rate counted?')).toBeInTheDocument();
    expect(within(performance).getByRole('link', { name: 'View analytics' })).toHaveAttribute('href', '/analytics');

    const goal = screen.getByRole('region', { name: 'Current Goal' });
    expect(within(goal).getByRole('progressbar', { name: 'New streaming setup: 15% complete' })).toHaveAttribute(
      'aria-valuenow',
      '15',
    );
    expect(within(goal).getByRole('link', { name: 'Update Goal' })).toHaveAttribute('href', '/settings?tab=support');

    const month = screen.getByRole('region', { name: 'This Month' });
    expect(month).toHaveTextContent('New supporters8');
    expect(month).toHaveTextContent('Recurring supports2');
    // Paused monthly supports are counted apart (not in the recurring ones).
    expect(month).toHaveTextContent('Paused monthly supports1');
    expect(month).toHaveTextContent('Growth rate+5.5%');
    // No renewal is being retried: the row is left out.
    expect(month).not.toHaveTextContent('Renewals being retried');

    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/dashboard/posts', '/settings', '/analytics', '/pixelpat', '/help']);

    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect(await within(payouts).findByText('Next payout (estimate)')).toBeInTheDocument();
    expect(payouts).toHaveTextContent('$113.30');
    expect(payouts).toHaveTextContent('Tuesday, June 17, 2025, for Jun 9 – Jun 15, 2025');
    expect(within(payouts).getByRole('table')).toHaveTextContent('Jun 2 – Jun 8, 2025$157.52PaidJun 10, 2025');
  });

  it('says why a payout is held and links to the country setting', async () => {
    const held = 'Payouts are held until you set your country in Settings.';
    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'GET /api/creator-profile': { body: { profile: sampleProfile({ country: null }) } },
      'GET /api/creator/payouts': {
        body: samplePayouts({
          payoutCountry: null,
          payoutCountrySupported: false,
          payouts: [],
          nextPayout: { ...samplePayouts().nextPayout, holdReason: held },
        }),
      },
    });
    renderDashboard();
    const payouts = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(payouts).findByText(held)).toBeInTheDocument();
    expect(within(payouts).getByRole('link', { name: 'Set your country' })).toHaveAttribute(
      'href',
      '/settings?tab=support',
    );
    expect(payouts).toHaveTextContent('No payouts yet.');
    // The estimate names no payout date the hold contradicts.
    expect(payouts).toHaveTextContent('Held, for Jun 9 – Jun 15, 2025: see below');
    expect(payouts).not.toHaveTextContent('Tuesday, June 17, 2025');
  });

  it('welcomes a creator with no supports yet with friendly empty states', async () => {
    mockApi({
      'GET /api/creator/dashboard': {
        body: sampleDashboard({
          totalEarnings: { grossCents: 0, netCents: 0 },
          thisMonth: { grossCents: 0, netCents: 0 },
          lastMonth: { grossCents: 0, netCents: 0 },
          growthRatePercent: null,
          totalSupporters: 0,
          newSupporters: 0,
          recurringSupports: 0,
          pausedSupports: 0,
          profileViews: 0,
          supportPageViews: 0,
          conversionRatePercent: null,
          goal: null,
          recentSupports: [],
          balanceCents: 0,
        }),
      },
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': {
        body: samplePayouts({
          balanceCents: 0,
          payouts: [],
          nextPayout: { ...samplePayouts().nextPayout, estimatedAmountCents: 0 },
        }),
      },
    });
    renderDashboard();
    expect(await screen.findByText('No supports yet')).toBeInTheDocument();
    // Nothing to come back to yet: not "Welcome back".
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Pixel Pat!' })).toBeInTheDocument();
    expect(screen.getByText('No supports last month to compare with')).toBeInTheDocument();
    expect(screen.getByText('No new supporters this month yet')).toBeInTheDocument();
    expect(screen.getByText('No support page views yet')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Current Goal' })).getByRole('link', { name: 'Set a Goal' }),
    ).toHaveAttribute('href', '/settings?tab=support');
    expect(await screen.findByText(/Nothing to pay out yet/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'This Month' })).toHaveTextContent('Growth raten/a');
  });

  it('copies the profile link and says so; without a share sheet Share opens a menu that copies too', async () => {
    mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'GET /api/creator-profile': { body: { profile: sampleProfile() } },
      'GET /api/creator/payouts': { body: samplePayouts() },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderDashboard();
    const share = await screen.findByRole('region', { name: 'Share Your Page' });
    await user.click(within(share).getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pixelpat`);
    expect(await within(share).findByText('Link copied to your clipboard.')).toBeInTheDocument();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(within(share).getByRole('button', { name: 'Share Profile' }));
    await user.click(within(share).getByRole('menuitem', { name: 'Copy link' }));
    expect(await within(share).findByRole('textbox')).toHaveValue(`${window.location.origin}/pixelpat`);
  });

  it('asks a signed-out visitor to sign in again', async () => {
    mockApi({
      'GET /api/creator/dashboard': { status: 401, body: { message: 'Please sign in to continue.' } },
      'GET /api/creator-profile': { status: 401, body: { message: 'Please sign in to continue.' } },
    });
    renderDashboard();
    expect(await screen.findByText('We could not load your dashboard.')).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/auth\?next=/),
    );
  });
});
