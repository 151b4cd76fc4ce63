// @vitest-environment node
import { Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { DISCOVER_CREATORS, fakeDiscoverResponse } from '../testing/fake-data';
import { json, mockApi, type MockCall } from '@beabro/shared/testing/msw';
import { prefetchAndRenderOnServer } from '@beabro/shared/testing/server-render';
import Discover, { prefetch } from './discover';

// The shell's server render (contract 1.1) in a real Node environment: the area's prefetch fills the
// request's query client, then /discover is rendered to HTML for a signed-out visitor.

const routes = (
  <Routes>
    <Route path="/discover" element={<Discover basePath="/discover" />} />
  </Routes>
);

/** GET /api/discover over the three fake creators, filtered by type like the API. */
function discoverApi(request: MockCall) {
  const type = request.query.get('type') ?? '';
  return json(200, fakeDiscoverResponse(DISCOVER_CREATORS.filter((creator) => !type || creator.creatorType === type)));
}

/** One request as the shell serves it: prefetch into a fresh query client, then render the page at `url`. */
async function serverRender(url: string, { retry = 1 }: { retry?: number } = {}) {
  return prefetchAndRenderOnServer(routes, { url, prefetch, retry });
}

beforeEach(() => useSessionStore.setState({ status: 'signed-out', user: null }));
describe('server rendering of /discover', () => {
  it('runs where there is no browser', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the creator cards', async () => {
    const api = mockApi({ 'GET /api/discover': discoverApi });
    const { embedded, text } = await serverRender('/discover');

    expect(api.callsTo('GET /api/discover')).toHaveLength(1);
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([
      ['discover', { q: '', type: '', sort: 'supporters', page: 1 }],
    ]);
    expect(text).toContain('Discover creators');
    expect(text).toContain('3 creators');
    expect(text).toContain('Pixel Pat');
    expect(text).toContain('Variety streamer building a cozy, welcoming gaming community.');
    expect(text).toContain('186 supporters');
    expect(text).toContain('Green Streets Collective');
    expect(text).not.toContain('Searching...');
  });

  it('asks for the search, type, sort and page of the address, read as the page reads them', async () => {
    const api = mockApi({ 'GET /api/discover': discoverApi });
    const { embedded, text } = await serverRender('/discover?type=artist&sort=newest&page=0&unknown=1');

    expect(Object.fromEntries(api.callsTo('GET /api/discover')[0]?.query ?? [])).toEqual({
      type: 'artist',
      sort: 'newest',
      page: '1',
    });
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([
      ['discover', { q: '', type: 'artist', sort: 'newest', page: 1 }],
    ]);
    expect(text).toContain('1 creator in Artist/Creative');
    expect(text).toContain('Maya Okafor');
    expect(text).not.toContain('Pixel Pat');
  });

  it('renders the filters as a plain GET form with a Search button and a Clear filters link, for no JavaScript', async () => {
    mockApi({ 'GET /api/discover': discoverApi });
    const { html } = await serverRender('/discover?q=maya&type=artist&sort=newest');
    const form = /<form role="search"[^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/discover"');
    for (const [tag, name] of [
      ['input', 'q'],
      ['select', 'type'],
      ['select', 'sort'],
    ] as const) {
      expect(new RegExp(`<${tag} [^>]*name="${name}"`).test(html), `${tag} ${name}`).toBe(true);
    }
    expect(/<noscript><button type="submit"[^>]*>Search<\/button><\/noscript>/.test(html)).toBe(true);
    // Clear filters keeps the sort, like the page's own clearing.
    expect(/<a [^>]*href="\/discover\?sort=newest"[^>]*>Clear filters<\/a>/.test(html)).toBe(true);
  });

  it('embeds nothing and renders the loading state the browser starts from when creators cannot be loaded', async () => {
    mockApi({ 'GET /api/discover': () => json(503, { message: 'Down' }) });
    // No second attempt, to keep the test quick: what matters is what a final failure leaves behind.
    const { embedded, text } = await serverRender('/discover', { retry: 0 });
    expect(embedded.queries).toEqual([]);
    expect(text).toContain('Searching...');
  });
});
