import { discoverCreators } from '@beabro/shared/api/discover-creators';
import { json, mockApi } from '@beabro/shared/testing/msw';

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
    const api = mockApi({ 'GET /api/discover': json(200, page) });
    await expect(
      discoverCreators({ q: '100% trees', type: '', sort: 'newest', page: 2, pageSize: 1 }),
    ).resolves.toEqual(page);
    expect(api.calls[0]?.path).toBe('/api/discover?q=100%25+trees&sort=newest&page=2&pageSize=1');
  });

  it('asks for the default listing without a query string', async () => {
    const api = mockApi({ 'GET /api/discover': json(200, { ...page, page: 1, pageSize: 12 }) });
    await discoverCreators();
    expect(api.calls[0]?.path).toBe('/api/discover');
  });
});
