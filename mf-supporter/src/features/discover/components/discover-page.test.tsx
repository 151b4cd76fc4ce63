import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import Discover from '../../../exposes/discover';
import { DISCOVER_CREATORS, fakeDiscoverItem, fakeDiscoverResponse } from '../../../testing/fake-data';
import { json, mockApi, type MockCall } from '@beabro/shared/testing/msw';
import { LocationProbe } from '../../../testing/render-dashboard';

// Role queries are slow in jsdom; a busy machine needs more than the default 5 s for a whole journey.
vi.setConfig({ testTimeout: 20_000 });

/** A stand-in for GET /api/discover that filters the three fake creators like the API does. */
function discoverApi(request: MockCall) {
  const q = (request.query.get('q') ?? '').toLowerCase();
  const type = request.query.get('type') ?? '';
  const items = DISCOVER_CREATORS.filter(
    (c) =>
      (!q || `${c.displayName} ${c.username} ${c.bioExcerpt}`.toLowerCase().includes(q)) &&
      (!type || c.creatorType === type),
  );
  return json(200, fakeDiscoverResponse(items));
}

function renderDiscover(route = '/discover', handler = discoverApi) {
  const api = mockApi({ 'GET /api/discover': handler });
  renderWithProviders(
    <>
      <Discover basePath="/discover" />
      <LocationProbe />
    </>,
    { route },
  );
  const location = () => screen.getByTestId('location').textContent;
  const lastQuery = () => Object.fromEntries(api.callsTo('GET /api/discover').at(-1)?.query ?? []);
  return { api, location, lastQuery };
}

const cardNames = () => Array.from(document.querySelectorAll('article h3')).map((h) => h.textContent);

describe('/discover', () => {
  it('shows creator cards with images or generated looks, type, bio, supporters and goal', async () => {
    renderDiscover();
    expect(screen.getByRole('heading', { level: 1, name: 'Discover creators' })).toBeInTheDocument();
    expect(document.title).toBe('Discover creators - Be a Bro');
    await waitFor(() => expect(cardNames()).toEqual(['Pixel Pat', 'Maya Okafor', 'Green Streets Collective']));
    expect(screen.getByText('3 creators')).toBeInTheDocument();

    const pat = screen.getByRole('article', { name: 'Pixel Pat' });
    expect(within(pat).getByRole('link', { name: 'Pixel Pat' })).toHaveAttribute('href', '/pixelpat');
    expect(pat).toHaveTextContent('@pixelpat');
    expect(pat).toHaveTextContent('Content Creator');
    expect(pat).toHaveTextContent('Variety streamer building a cozy, welcoming gaming community.');
    expect(pat).toHaveTextContent('186 supporters');
    expect(within(pat).getByRole('progressbar', { name: 'Pixel Pat: goal 68% complete' })).toHaveAttribute(
      'aria-valuenow',
      '68',
    );
    // No images uploaded: initials on a gradient, no broken <img>.
    expect(pat.querySelector('img')).toBeNull();
    expect(pat).toHaveTextContent('PP');

    const maya = screen.getByRole('article', { name: 'Maya Okafor' });
    expect(Array.from(maya.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/maya-cover.webp',
      '/uploads/maya.webp',
    ]);
    // Supporter count hidden by the creator: not shown at all.
    expect(maya).not.toHaveTextContent('supporters');

    const green = screen.getByRole('article', { name: 'Green Streets Collective' });
    expect(green).toHaveTextContent('1 supporter');
    expect(within(green).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('searches by name, username or bio once typing pauses, with the search in the URL', async () => {
    const user = userEvent.setup();
    const { api, location, lastQuery } = renderDiscover();
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    await user.type(screen.getByLabelText('Search creators'), 'trees');
    await waitFor(() => expect(location()).toBe('/discover?q=trees'));
    await waitFor(() => expect(cardNames()).toEqual(['Green Streets Collective']));
    expect(lastQuery()).toMatchObject({ q: 'trees', sort: 'supporters', page: '1' });
    // One request for the whole word, not one per keystroke.
    expect(api.callsTo('GET /api/discover').filter((r) => r.query.get('q'))).toHaveLength(1);
    expect(screen.getByText('1 creator matching “trees”')).toBeInTheDocument();
  });

  it('filters by creator type and sorts, each starting again at page 1', async () => {
    const user = userEvent.setup();
    const { location, lastQuery } = renderDiscover('/discover?page=2&q=a');
    expect(screen.getByLabelText('Search creators')).toHaveValue('a');
    const type = screen.getByLabelText('Creator type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All types',
      'Content Creator',
      'Entrepreneur',
      'Artist/Creative',
      'Business Owner',
      'Nonprofit/Social Impact',
      'Educator/Teacher',
      'Changemaker/Activist',
      'Other',
    ]);
    await user.selectOptions(type, 'Artist/Creative');
    expect(location()).toBe('/discover?q=a&type=artist');
    await waitFor(() => expect(cardNames()).toEqual(['Maya Okafor']));
    expect(screen.getByText('1 creator matching “a” in Artist/Creative')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest');
    expect(location()).toBe('/discover?q=a&type=artist&sort=newest');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'a', type: 'artist', sort: 'newest', page: '1' }));

    // A link (it works before the page runs and without JavaScript); a click clears in place.
    const clear = screen.getByRole('link', { name: 'Clear filters' });
    expect(clear).toHaveAttribute('href', '/discover?sort=newest');
    await user.click(clear);
    expect(location()).toBe('/discover?sort=newest');
    expect(screen.getByLabelText('Search creators')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('clears text typed but not yet searched, and its pending search', async () => {
    const user = userEvent.setup();
    const { api, location } = renderDiscover();
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    await user.type(screen.getByLabelText('Search creators'), 'tr');
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Search creators')).toHaveValue('');
    // A later search runs after the cleared text's pause would have ended: that text never became a search.
    await user.type(screen.getByLabelText('Search creators'), 'maya');
    await waitFor(() => expect(location()).toBe('/discover?q=maya'));
    expect(api.callsTo('GET /api/discover').map((call) => call.query.get('q') ?? '')).not.toContain('tr');
  });

  it('is a plain GET form of /discover, its controls named as the URL reads them, for browsers without JavaScript', () => {
    renderDiscover('/discover?q=maya&type=artist&sort=newest&page=2');
    const form = screen.getByRole('search', { name: 'Find creators' }) as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/discover');
    // What a native submit sends: the page goes back to 1, as when the page itself changes a filter.
    expect(Object.fromEntries(new FormData(form))).toEqual({ q: 'maya', type: 'artist', sort: 'newest' });
    // Its Search button is for browsers without JavaScript only.
    expect(form.querySelector('noscript')).not.toBeNull();
  });

  it('pages through results with Previous and Next, the page in the URL', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) =>
      fakeDiscoverItem({ username: `creator_${i}`, displayName: `Creator ${i}` }),
    );
    const { location, lastQuery } = renderDiscover('/discover', (request) => {
      const page = Number(request.query.get('page') ?? 1);
      return json(
        200,
        fakeDiscoverResponse(
          page === 1
            ? many
            : many
                .slice(0, 3)
                .map((c) => ({ ...c, username: `${c.username}_p2`, displayName: `${c.displayName} (p2)` })),
          { page, total: 15 },
        ),
      );
    });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(location()).toBe('/discover?page=2');
    await waitFor(() => expect(cardNames()).toEqual(['Creator 0 (p2)', 'Creator 1 (p2)', 'Creator 2 (p2)']));
    expect(lastQuery()).toMatchObject({ page: '2' });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/discover');
  });

  it('shows an empty state that clears the search', async () => {
    const user = userEvent.setup();
    const { location } = renderDiscover('/discover?q=nobody%20here');
    expect(await screen.findByRole('heading', { name: 'No creators found' })).toBeInTheDocument();
    expect(screen.getByText('0 creators matching “nobody here”')).toBeInTheDocument();
    const clear = screen.getAllByRole('link', { name: 'Clear filters' });
    expect(clear.map((link) => link.getAttribute('href'))).toEqual(['/discover', '/discover']);
    await user.click(clear[clear.length - 1]!);
    expect(location()).toBe('/discover');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
  });

  it('says when creators cannot be loaded, and Retry asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { api } = renderDiscover('/discover', (request) =>
      fail ? json(503, { message: 'Service Unavailable' }) : discoverApi(request),
    );
    expect(await screen.findByText('We could not load creators.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(api.callsTo('GET /api/discover')).toHaveLength(2);
  });
});
