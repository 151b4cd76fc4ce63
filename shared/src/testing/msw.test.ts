import { mockApi } from '@beabro/shared/testing/msw';

describe('mockApi', () => {
  it('matches a `:param` segment to any one segment, and an exact route first', async () => {
    const api = mockApi({
      'GET /api/usernames/:username/availability': ({ pathname }) => ({ body: { path: pathname } }),
      'GET /api/usernames/admin/availability': { body: { exact: true } },
    });
    expect(await (await fetch('/api/usernames/maya/availability')).json()).toEqual({
      path: '/api/usernames/maya/availability',
    });
    expect(await (await fetch('/api/usernames/admin/availability?x=1')).json()).toEqual({ exact: true });
    expect((await fetch('/api/usernames/a/b/availability')).status).toBe(404);
    expect((await fetch('/api/usernames//availability')).status).toBe(404);
    expect(api.callsTo('GET', '/api/usernames/maya/availability')).toHaveLength(1);
  });
});
