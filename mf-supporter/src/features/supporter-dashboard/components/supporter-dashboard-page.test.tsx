import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';
import { emptyDashboard, fakeDashboard, fakeUser } from '../../../testing/fake-data';
import { json } from '@beabro/shared/testing/msw';
import { renderDashboard } from '../../../testing/render-dashboard';
import { VERIFY_BANNER_TEXT } from './verify-email-banner';

// Role queries are slow in jsdom; a busy machine needs more than the default 5 s for a whole journey.
vi.setConfig({ testTimeout: 20_000 });

/** The value printed under a stat's label. */
function stat(label: string) {
  return screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
}

describe('supporter dashboard', () => {
  it('greets the supporter, links to /discover and account settings, and shows the four stats', async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sam!' })).toBeInTheDocument();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.title).toBe('My Missions - Be a Bro');
    const nav = screen.getByRole('navigation', { name: 'Supporter dashboard' });
    expect(within(nav).getByRole('link', { name: 'Discover creators' })).toHaveAttribute('href', '/discover');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings?tab=account');

    await screen.findByText('Total Supported');
    expect(stat('Total Supported')).toBe('$135.00');
    expect(stat('Missions Supported')).toBe('3');
    expect(stat('This Month')).toBe('$85.00');
    expect(stat('Recurring Supports')).toBe('1');
    expect(screen.getByText('$25.00/month')).toBeInTheDocument();
  });

  it('shows a total per currency, never one sum of dollars and pounds', async () => {
    const dashboard = fakeDashboard();
    renderDashboard({
      dashboard: {
        ...dashboard,
        totals: [
          { currency: 'usd', totalSupportedCents: 13_500, thisMonthCents: 8_500 },
          { currency: 'gbp', totalSupportedCents: 1_250, thisMonthCents: 0 },
        ],
        subscriptions: [
          ...dashboard.subscriptions,
          {
            ...dashboard.subscriptions[0]!,
            id: '2b1f7d9e-3c2a-4b8d-9e0f-1a2b3c4d5e6f',
            currency: 'gbp',
            amountCents: 500,
          },
        ],
      },
    });
    await screen.findByText('Total Supported');
    expect(stat('Total Supported')).toBe('$135.00 · £12.50');
    // Nothing in pounds this month: only the dollars show.
    expect(stat('This Month')).toBe('$85.00');
    expect(screen.getByText('$25.00/month · £5.00/month')).toBeInTheDocument();
  });

  it('links a creator to their full settings', async () => {
    renderDashboard({ user: fakeUser({ isCreator: true, userType: 'creator', username: 'sam' }) });
    const nav = await screen.findByRole('navigation', { name: 'Supporter dashboard' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('opens on the overview: the last 3 activities and the impact message', async () => {
    const { location } = renderDashboard();
    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    const items = within(activity).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('$25.00 to Pixel Pat');
    expect(items[0]).toHaveTextContent('Monthly');
    expect(items[0]).toHaveTextContent('Monthly bro reporting for duty.');
    expect(items[2]).toHaveTextContent('$50.00 to Maya Okafor');
    expect(within(activity).queryByText(/Green Streets/)).not.toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Pixel Pat' })).toHaveAttribute(
      'href',
      '/pixelpat',
    );

    const impact = screen.getByRole('region', { name: 'Your impact' });
    expect(impact).toHaveTextContent(
      'went straight to 3 mission builders: Pixel Pat, Maya Okafor and Green Streets Collective.',
    );
    expect(impact).toHaveTextContent('Your monthly support keeps Pixel Pat going');
    expect(within(impact).getByRole('link', { name: 'Find another mission' })).toHaveAttribute('href', '/discover');

    await userEvent.click(within(activity).getByRole('button', { name: 'View all history' }));
    expect(screen.getByRole('tab', { name: 'Support History' })).toHaveAttribute('aria-selected', 'true');
    expect(location()).toBe('/supporter-dashboard?tab=history');
  });

  it('keeps the tab in the URL, and opens the tab a link names', async () => {
    const user = userEvent.setup();
    const { location } = renderDashboard({ route: '/supporter-dashboard?tab=discover' });
    const discover = await screen.findByRole('region', { name: 'Find your next mission' });
    expect(within(discover).getByRole('link', { name: 'Browse all creators' })).toHaveAttribute('href', '/discover');
    expect(within(discover).getByRole('link', { name: 'Artist/Creative' })).toHaveAttribute(
      'href',
      '/discover?type=artist',
    );
    expect(within(discover).getAllByRole('link')).toHaveLength(9);

    await user.click(screen.getByRole('tab', { name: 'My Missions' }));
    expect(location()).toBe('/supporter-dashboard?tab=creators');
    expect(screen.getByRole('heading', { name: 'Missions you support' })).toBeInTheDocument();
    // Arrow keys move between tabs (WAI-ARIA tabs) and the URL follows.
    await user.keyboard('{ArrowRight}');
    expect(location()).toBe('/supporter-dashboard?tab=history');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(location()).toBe('/supporter-dashboard');
  });

  it('falls back to the overview for an unknown tab', async () => {
    renderDashboard({ route: '/supporter-dashboard?tab=settings' });
    expect(await screen.findByRole('region', { name: 'Recent activity' })).toBeInTheDocument();
  });

  it('shows friendly empty states, each leading to /discover, before the first support', async () => {
    const user = userEvent.setup();
    renderDashboard({ dashboard: emptyDashboard() });
    expect(await screen.findByRole('heading', { name: 'No supports yet' })).toBeInTheDocument();
    expect(stat('Total Supported')).toBe('$0.00');
    expect(screen.getByText('No monthly support running')).toBeInTheDocument();
    const discoverLinks = screen.getAllByRole('link', { name: 'Discover creators' });
    expect(discoverLinks.at(-1)).toHaveAttribute('href', '/discover');
    await user.click(screen.getByRole('tab', { name: 'My Missions' }));
    expect(screen.getByRole('heading', { name: 'No missions yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Support History' }));
    expect(screen.getByRole('heading', { name: 'No supports yet' })).toBeInTheDocument();
  });

  it('says when the supports cannot be loaded, and Retry asks again', async () => {
    let fail = true;
    const { api } = renderDashboard({
      routes: {
        'GET /api/supporter/dashboard': () =>
          fail ? json(500, { message: 'Internal Server Error' }) : json(200, fakeDashboard()),
      },
    });
    expect(await screen.findByText('We could not load your supports.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total Supported')).toBeInTheDocument();
    expect(api.callsTo('GET /api/supporter/dashboard')).toHaveLength(2);
  });

  it('asks a signed-out visitor (standalone) to sign in and come back', async () => {
    renderDashboard({ user: null, route: '/supporter-dashboard?tab=history' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to see your supports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth?next=/supporter-dashboard%3Ftab%3Dhistory',
    );
  });
});

describe('email verification banner', () => {
  it('is not shown once the email is verified', async () => {
    renderDashboard();
    await screen.findByText('Total Supported');
    expect(screen.queryByText(VERIFY_BANNER_TEXT)).not.toBeInTheDocument();
  });

  it('greets a new account without "back"', async () => {
    renderDashboard({ dashboard: fakeDashboard({ history: [], creators: [], subscriptions: [] }) });
    // Once the (empty) supports are in, not only while they load.
    expect(await screen.findByText('Total Supported', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Sam!' })).toBeInTheDocument();
  });

  it('sends a verification email for an unverified account and says so', async () => {
    const { api } = renderDashboard({
      user: fakeUser({ emailVerified: false }),
      dashboard: fakeDashboard({ includesGuestSupports: false }),
      routes: { 'POST /api/account/email-verification': () => json(200, { sentTo: 'sam@example.com' }) },
    });
    const banner = await screen.findByRole('region', { name: 'Email verification' });
    expect(banner).toHaveTextContent(VERIFY_BANNER_TEXT);
    // Sign-up sent the first link already: the banner does not promise to send one.
    expect(banner).toHaveTextContent('We sent a link to sam@example.com.');
    expect(banner).not.toHaveTextContent('We will send');
    await userEvent.click(within(banner).getByRole('button', { name: 'Send a new link' }));
    expect(
      await within(banner).findByText(`${EMAIL_VERIFICATION_MESSAGES.sent} It went to sam@example.com.`),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/email-verification')).toHaveLength(1);
    expect(within(banner).getByRole('button', { name: 'Send again' })).toBeEnabled();
    // One message at a time: the new link's, not the first one's too.
    expect(banner).not.toHaveTextContent('Open it to verify');
  });

  it('says when sending failed, and when to try again after too many', async () => {
    let answer = json(500, { message: 'Internal Server Error' });
    renderDashboard({
      user: fakeUser({ emailVerified: false }),
      routes: { 'POST /api/account/email-verification': () => answer },
    });
    const banner = await screen.findByRole('region', { name: 'Email verification' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Send a new link' }));
    expect(await within(banner).findByText('We could not send the email. Please try again.')).toBeInTheDocument();

    answer = json(429, { message: 'Too many requests' }, { 'Retry-After': '600' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(banner).toHaveTextContent('You have asked for several links this hour. Try again in 10 minutes.'),
    );
  });
});
