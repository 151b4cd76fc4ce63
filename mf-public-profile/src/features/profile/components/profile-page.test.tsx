import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import ProfileArea from '../../../exposes/profile';
import { saveLastReceipt } from '../../../lib/last-receipt';
import { fakeProfile, fakeReceipt } from '../../../testing/fake-profile';
import { json, mockApi } from '@beabro/shared/testing/msw';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderProfile(
  profile: PublicCreatorProfileDto | null = fakeProfile(),
  route = '/pixelpat',
  routes: Parameters<typeof mockApi>[0] = {},
) {
  let current = profile;
  const api = mockApi({
    'GET /api/creators/pixelpat/posts': () => json(200, { posts: [], page: 1, pageCount: 1, total: 0 }),
    ...routes,
    'GET /api/creators/pixelpat': () => (current ? json(200, current) : json(404, { message: 'Creator not found' })),
    'POST /api/creators/pixelpat/views': () => json(204),
    'POST /api/creators/pixelpat/follow': () => {
      current = current && {
        ...current,
        followers: current.followers + 1,
        viewer: { ...current.viewer, isFollowing: true },
      };
      return json(200, { following: true, followers: current?.followers ?? 0 });
    },
    'DELETE /api/creators/pixelpat/follow': () => {
      current = current && {
        ...current,
        followers: current.followers - 1,
        viewer: { ...current.viewer, isFollowing: false },
      };
      return json(200, { following: false, followers: current?.followers ?? 0 });
    },
  });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/:username" element={<ProfileArea basePath="/:username" />} />
        <Route path="/:username/support" element={<p>Support page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
  return api;
}

/** Share: the summary of a <details> (no role of its own in the DOM's accessibility mapping). */
const findShare = () => screen.findByText(/Share/, { selector: 'summary' });

const signedIn = () =>
  useSessionStore.setState({
    status: 'signed-in',
    user: {
      id: 'u1',
      email: 'sam@example.com',
      username: null,
      displayName: 'Sam',
      isCreator: false,
      userType: 'supporter',
      emailVerified: true,
    },
  });

// These suites drive whole pages through user-event; a busy machine can take longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', user: null });
  window.sessionStorage.clear();
});
describe('profile page', () => {
  it('shows the creator from the API: name, @username, counts, bio, links, goal, stats and title', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Pat' })).toBeInTheDocument();
    expect(document.title).toBe('Pixel Pat (@pixelpat) - Be a Bro');
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent('@pixelpat');
    const community = screen.getByRole('list', { name: 'Community' });
    expect(community).toHaveTextContent('1,240 followers');
    expect(community).toHaveTextContent('186 supporters');
    expect(screen.getByText('Variety streamer building a cozy gaming community.')).toBeInTheDocument();

    const youtube = screen.getByRole('link', { name: /YouTube/ });
    expect(youtube).toHaveAttribute('href', 'https://www.youtube.com/@pixelpat');
    expect(youtube).toHaveAttribute('target', '_blank');
    expect(youtube).toHaveAttribute('rel', 'noopener noreferrer');

    expect(screen.getByText('68% complete - 186 people are supporting this mission!')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '68');
    expect(screen.getByText('$1,350')).toBeInTheDocument();

    const stats = screen.getByRole('region', { name: 'Stats' });
    expect(within(stats).getByText('Total Earned').nextElementSibling).toHaveTextContent('$5,120');
    expect(within(stats).getByText('This Month').nextElementSibling).toHaveTextContent('$345');
    expect(within(stats).getByText('Supporters').nextElementSibling).toHaveTextContent('186');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('leaves out what the creator keeps private: earnings, goal progress, support amounts and the supporter count', async () => {
    renderProfile(
      fakeProfile({
        supporterCount: null,
        totalEarnedCents: null,
        monthlyEarnedCents: null,
        // As the API sends it with earnings hidden: the goal's title and target only, supports without amounts.
        goal: {
          title: 'New streaming setup',
          amountCents: 200_000,
          raisedCents: null,
          percent: null,
          supporterCount: null,
        },
        recentSupports: fakeProfile().recentSupports.map((support) => ({ ...support, amountCents: null })),
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('list', { name: 'Community' })).not.toHaveTextContent('supporters');
    const goal = screen.getByRole('region', { name: 'Current Goal' });
    expect(goal).toHaveTextContent('New streaming setup');
    expect(within(goal).getByText('Goal: $2,000')).toBeInTheDocument();
    expect(within(goal).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(goal).not.toHaveTextContent(/%|NaN|\$0|supporting/);
    expect(screen.getByText('Pixel Pat keeps their figures private.')).toBeInTheDocument();
    expect(screen.queryByText('Total Earned')).not.toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'Recent Support' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Jordan');
    expect(items[0]).toHaveTextContent('Loved the charity stream!');
    expect(items[1]).toHaveTextContent('Anonymous');
    expect(items[2]).toHaveTextContent('Sam K.');
    expect(items[2]).toHaveTextContent('Monthly');
    expect(recent).not.toHaveTextContent(/\$|NaN/);
  });

  it('with only earnings hidden, the goal still says how many people support it', async () => {
    renderProfile(
      fakeProfile({
        totalEarnedCents: null,
        monthlyEarnedCents: null,
        goal: {
          title: 'New streaming setup',
          amountCents: 200_000,
          raisedCents: null,
          percent: null,
          supporterCount: 186,
        },
      }),
    );
    const goal = await screen.findByRole('region', { name: 'Current Goal' });
    expect(within(goal).getByText('186 people are supporting this mission!')).toBeInTheDocument();
    expect(goal).not.toHaveTextContent('%');
  });

  it('lists recent supports with "?" and "Anonymous" for anonymous ones, and their messages', async () => {
    renderProfile();
    const recent = await screen.findByRole('region', { name: 'Recent Support' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Jordan');
    expect(items[0]).toHaveTextContent('$5');
    expect(items[0]).toHaveTextContent('Loved the charity stream!');
    expect(items[1]).toHaveTextContent('?');
    expect(items[1]).toHaveTextContent('Anonymous');
    expect(items[1]).toHaveTextContent('Keep going');
    expect(items[2]).toHaveTextContent('$25/month');
  });

  it('shows the supporter wall with names and tiers, and reads its next pages', async () => {
    const user = userEvent.setup();
    const entry = (n: number) => ({
      id: `7b0c9b8e-2a55-4f8e-9d7b-0d8e2f6a1b${String(n).padStart(2, '0')}`,
      name: `Wall Bro ${n}`,
      tierName: n % 2 === 0 ? 'Fuel the Journey' : null,
      createdAt: '2026-11-01T12:00:00.000Z',
    });
    const api = renderProfile(
      fakeProfile({ wall: { entries: [entry(1), entry(2)], page: 1, pageCount: 2, total: 3 } }),
      '/pixelpat',
      { 'GET /api/creators/pixelpat/wall': () => json(200, { entries: [entry(3)], page: 2, pageCount: 2, total: 3 }) },
    );
    const wall = await screen.findByRole('list', { name: 'Supporters of Pixel Pat' });
    expect(
      within(wall)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['WWall Bro 1Supporter', 'WWall Bro 2Fuel the Journey']);
    expect(screen.getByText('3 supporters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more supporters' }));
    expect(await within(wall).findByText('Wall Bro 3')).toBeInTheDocument();
    expect(api.calls.find((r) => r.path.startsWith('/api/creators/pixelpat/wall'))?.path).toBe(
      '/api/creators/pixelpat/wall?page=2',
    );
    expect(screen.queryByRole('button', { name: 'Show more supporters' })).not.toBeInTheDocument();
  });

  it('says how to join an empty wall', async () => {
    renderProfile(fakeProfile({ wall: { entries: [], page: 1, pageCount: 1, total: 0 } }));
    expect(
      await screen.findByText(/No one is on Pixel Pat’s wall yet. Tick “Show me on the supporter wall”/),
    ).toBeInTheDocument();
  });

  it('fades locked achievements and says so in words', async () => {
    renderProfile();
    const achievements = await screen.findByRole('region', { name: 'Achievements' });
    const [unlocked, locked] = within(achievements).getAllByRole('listitem');
    expect(unlocked).toHaveTextContent('Unlocked');
    expect(locked).toHaveTextContent('Locked');
    expect(within(achievements).getByText('1 of 2 unlocked')).toBeInTheDocument();
  });

  it('carries the chosen tier to the support page; clicking a tier only selects it', async () => {
    const user = userEvent.setup();
    renderProfile();
    await screen.findByRole('heading', { level: 1 });
    const [heroLink, optionsLink] = screen.getAllByRole('link', { name: /Support Pixel Pat/ });
    expect(heroLink).toHaveAttribute('href', '/pixelpat/support');
    expect(optionsLink).toHaveAttribute('href', '/pixelpat/support');
    const tier = screen.getByRole('link', { name: /True Believer/ });
    // A link to the profile with the tier chosen (for a click before the page runs, or without JavaScript).
    expect(tier).toHaveAttribute('href', '/pixelpat?tier=2#support-options');
    expect(tier).not.toHaveAttribute('aria-current');
    await user.click(tier);
    expect(tier).toHaveAttribute('aria-current', 'true');
    // Chosen in place: the address does not change.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/pixelpat$/);
    // Following the chosen tier's link clears the choice.
    expect(tier).toHaveAttribute('href', '/pixelpat#support-options');
    expect(heroLink).toHaveAttribute('href', '/pixelpat/support?tier=2');
    expect(screen.getByRole('link', { name: 'Continue with True Believer ($25/month)' })).toHaveAttribute(
      'href',
      '/pixelpat/support?tier=2',
    );
    await user.click(tier);
    expect(tier).not.toHaveAttribute('aria-current');
    expect(heroLink).toHaveAttribute('href', '/pixelpat/support');
  });

  it('shows the tier of the address chosen (?tier=, a tier link followed before the page ran)', async () => {
    const user = userEvent.setup();
    renderProfile(fakeProfile(), '/pixelpat?tier=1');
    const tier = await screen.findByRole('link', { name: /^Fuel the Journey/ });
    expect(tier).toHaveAttribute('aria-current', 'true');
    expect(screen.getAllByRole('link', { current: true })).toEqual([tier]);
    expect(screen.getByRole('link', { name: 'Continue with Fuel the Journey ($15)' })).toHaveAttribute(
      'href',
      '/pixelpat/support?tier=1',
    );
    await user.click(screen.getByRole('link', { name: /^Mission Champion/ }));
    expect(screen.getByRole('link', { name: /^Mission Champion/ })).toHaveAttribute('aria-current', 'true');
    expect(tier).not.toHaveAttribute('aria-current');
  });

  it('ignores a tier the creator does not have', async () => {
    renderProfile(fakeProfile(), '/pixelpat?tier=7');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryAllByRole('link', { current: true })).toEqual([]);
    expect(screen.getAllByRole('link', { name: /Support Pixel Pat/ })[0]).toHaveAttribute('href', '/pixelpat/support');
  });

  it('offers signed-out visitors a way to sign in and come back, and has the Be a Bro card', async () => {
    renderProfile();
    expect(await screen.findByRole('link', { name: 'Sign in to follow' })).toHaveAttribute(
      'href',
      '/auth?next=/pixelpat',
    );
    expect(screen.getByRole('link', { name: 'Be a Bro' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('button', { name: 'Report this page' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('lets a signed-in visitor follow and unfollow', async () => {
    signedIn();
    const user = userEvent.setup();
    const api = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: /Following/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('list', { name: 'Community' })).toHaveTextContent('1,241 followers');
    await user.click(screen.getByRole('button', { name: /Following/ }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('POST /api/creators/pixelpat/follow')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/creators/pixelpat/follow')).toHaveLength(1);
  });

  it('shows the creator a link to edit their page instead of Follow and the Be a Bro card', async () => {
    signedIn();
    renderProfile(fakeProfile({ viewer: { isOwner: true, isFollowing: false } }));
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Be a Bro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this page' })).not.toBeInTheDocument();
  });

  it('copies the profile address when the device cannot share, and says "Link copied"', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderProfile();
    await user.click(await findShare());
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pixelpat`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    // Shared at once: the panel stays closed.
    expect(((await findShare()).parentElement as HTMLDetailsElement).open).toBe(false);
  });

  it('uses the device share sheet where there is one', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderProfile();
    await user.click(await findShare());
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/pixelpat` }));
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });

  it('shows the address to copy by hand when the clipboard is refused', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    renderProfile();
    const summary = await findShare();
    await user.click(summary);
    const field = await screen.findByLabelText('Copy this link to share the page:');
    expect(field).toHaveValue(`${window.location.origin}/pixelpat`);
    expect(field).toBeVisible();
    expect((summary.parentElement as HTMLDetailsElement).open).toBe(true);
    // Share closes the panel again, as any disclosure.
    await user.click(summary);
    await waitFor(() => expect(field).not.toBeVisible());
  });

  it('copies from the panel opened before the page ran, with Copy link', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderProfile();
    const summary = await findShare();
    // As the browser does for a click before hydration: the panel opens by itself.
    (summary.parentElement as HTMLDetailsElement).open = true;
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pixelpat`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('thanks the supporter with the receipt after a support, then drops ?supported=true from the address', async () => {
    saveLastReceipt(
      fakeReceipt({
        amountCents: 2_500,
        isRecurring: true,
        nextChargeAt: '2026-12-21T12:00:00.000Z',
        subscriptionId: '9c1d2c4b-5a69-4c7d-8e9f-0a1b2c3d4e5f',
      }),
    );
    const user = userEvent.setup();
    renderProfile(fakeProfile(), '/pixelpat?supported=true');
    const thanks = await screen.findByText('Thank you for supporting Pixel Pat!');
    const banner = thanks.closest('[role="status"]') as HTMLElement;
    // The receipt's details join the thank-you once it is read from this tab's storage.
    await waitFor(() => expect(banner).toHaveTextContent('$25.00 per month'));
    expect(banner).toHaveTextContent('Visa ending in 4242');
    expect(banner).toHaveTextContent('bro@example.com');
    expect(banner).toHaveTextContent('December 21, 2026');
    // A guest has no account: their way to cancel is the link in the receipt.
    expect(banner).toHaveTextContent('You can cancel anytime with the link in your receipt email; no account needed.');
    expect(banner).not.toHaveTextContent('account settings');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pixelpat$/));
    expect(screen.getByText('Thank you for supporting Pixel Pat!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss thank-you message' }));
    expect(screen.queryByText('Thank you for supporting Pixel Pat!')).not.toBeInTheDocument();
  });

  it("shows every amount in the creator's currency: pounds for a GBP creator", async () => {
    saveLastReceipt(fakeReceipt({ amountCents: 1_000, currency: 'gbp' }));
    const user = userEvent.setup();
    const raised = {
      id: 'raised-100',
      name: '$100 Raised',
      icon: '💵',
      description: 'Supporters have given $100 in total.',
      unlocked: true,
    };
    renderProfile(
      fakeProfile({ currency: 'gbp', achievements: [...fakeProfile().achievements, raised] }),
      '/pixelpat?supported=true',
    );
    const thanks = await screen.findByText('Thank you for supporting Pixel Pat!');
    const banner = thanks.closest('[role="status"]') as HTMLElement;
    // £10: 50p platform fee and 29p + 20p processing, £9.01 to the creator.
    await waitFor(() => expect(banner).toHaveTextContent('Your support£10.00'));
    expect(banner).toHaveTextContent('Pixel Pat receives£9.01');
    const goal = screen.getByRole('region', { name: 'Current Goal' });
    expect(goal).toHaveTextContent('£1,350 raised of £2,000');
    const stats = screen.getByRole('region', { name: 'Stats' });
    expect(within(stats).getByText('Total Earned').nextElementSibling).toHaveTextContent('£5,120');
    expect(within(stats).getByText('This Month').nextElementSibling).toHaveTextContent('£345');
    const items = within(screen.getByRole('region', { name: 'Recent Support' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('£5');
    expect(items[2]).toHaveTextContent('£25/month');
    // The API names the thresholds in dollars; they count pounds for this creator.
    const achievements = screen.getByRole('region', { name: 'Achievements' });
    expect(within(achievements).getByText('£100 Raised')).toBeInTheDocument();
    expect(achievements).toHaveTextContent('Supporters have given £100 in total.');
    await user.click(screen.getByRole('link', { name: /True Believer/ }));
    expect(screen.getByRole('link', { name: 'Continue with True Believer (£25/month)' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('$');
  });

  it('tells a signed-in supporter they can cancel from My Missions too', async () => {
    signedIn();
    saveLastReceipt(
      fakeReceipt({
        amountCents: 500,
        isRecurring: true,
        nextChargeAt: '2026-12-21T12:00:00.000Z',
        subscriptionId: '9c1d2c4b-5a69-4c7d-8e9f-0a1b2c3d4e5f',
      }),
    );
    renderProfile(fakeProfile(), '/pixelpat?supported=true');
    const banner = (await screen.findByText('Thank you for supporting Pixel Pat!')).closest(
      '[role="status"]',
    ) as HTMLElement;
    await waitFor(() =>
      expect(banner).toHaveTextContent(
        'from My Missions in your supporter dashboard, or with the link in your receipt email.',
      ),
    );
  });

  it('does not thank anyone without ?supported=true, nor with a receipt for another creator', async () => {
    saveLastReceipt(fakeReceipt({ creatorUsername: 'mayamakesart', creatorDisplayName: 'Maya' }));
    renderProfile(fakeProfile(), '/pixelpat?supported=true');
    expect(await screen.findByText('Thank you for supporting Pixel Pat!')).toBeInTheDocument();
    expect(screen.queryByText(/ending in 4242/)).not.toBeInTheDocument();
  });

  it('shows a real "creator not found" page for an unknown username', async () => {
    renderProfile(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Creator not found' })).toBeInTheDocument();
    expect(document.title).toBe('Creator not found - Be a Bro');
    expect(screen.getByRole('link', { name: 'Discover creators' })).toHaveAttribute('href', '/discover');
  });

  it('counts the visit once, after the creator is found', async () => {
    const api = renderProfile();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.callsTo('POST /api/creators/pixelpat/views')).toHaveLength(1));
    expect(api.callsTo('POST /api/creators/pixelpat/views')[0]?.body).toEqual({ page: 'profile' });
  });

  it('offers a retry when the API cannot be reached', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      'GET /api/creators/pixelpat': () =>
        fail ? Promise.reject(new TypeError('Failed to fetch')) : json(200, fakeProfile()),
      'POST /api/creators/pixelpat/views': () => json(204),
    });
    renderWithProviders(
      <Routes>
        <Route path="/:username" element={<ProfileArea basePath="/:username" />} />
      </Routes>,
      { route: '/pixelpat' },
    );
    expect(await screen.findByText(/Check your internet connection/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Pat' })).toBeInTheDocument();
  });
});
