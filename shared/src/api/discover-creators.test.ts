import { discoverCreators } from '@beabro/shared/api/discover-creators';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const page = {
  items: [
    {
      username: 'greenstreets',
      displayName: 'Green Streets Collective',
      creatorType: 'nonprofit',
      creatorTypeLabel: 'Nonprofit/Social Impact',
      bioExcerpt: 'Volunteers planting shade trees…',
      profileImageUrl: null,
      coverImageUrl: null,
      supporterCount: null,
      goalPercent: 1,
    },
  ],
  page: 2,
  pageSize: 1,
  total: 3,
};

describe('discoverCreators', () => {
  it('sends only the parameters that are set, and returns the parsed page', async () => {
    const fetchMock = stubFetch(200, page);
    await expect(
      discoverCreators({ q: '100% trees', type: '', sort: 'newest', page: 2, pageSize: 1 }),
    ).resolves.toEqual(page);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/discover?q=100%25+trees&sort=newest&page=2&pageSize=1');
  });

  it('asks for the default listing without a query string', async () => {
    const fetchMock = stubFetch(200, { ...page, page: 1, pageSize: 12 });
    await discoverCreators();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/discover');
  });
});
