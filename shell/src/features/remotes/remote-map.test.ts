import { registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemoteMap } from './remote-map';

vi.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: vi.fn() }));

const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.mocked(registerRemotes).mockReset());

describe('loadRemoteMap', () => {
  it('registers every remote of the map with an absolute manifest URL', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(jsonResponse({ 'mf-help': '/remotes/mf-help/mf-manifest.json', 'mf-marketing': 'https://cdn.example.com/mf-marketing/v2/mf-manifest.json' }));
    const state = await loadRemoteMap('/remotes.json', fetchImpl);
    expect(state.status).toBe('ready');
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_help', entry: 'http://localhost:3000/remotes/mf-help/mf-manifest.json' }], { force: true });
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_marketing', entry: 'https://cdn.example.com/mf-marketing/v2/mf-manifest.json' }], { force: true });
  });

  it('reports an unavailable map instead of throwing', async () => {
    expect(await loadRemoteMap('/remotes.json', vi.fn().mockResolvedValue(jsonResponse({}, 503)))).toEqual({ status: 'unavailable', reason: 'The remote map answered 503.' });
    expect(await loadRemoteMap('/remotes.json', vi.fn().mockResolvedValue(jsonResponse(['x'])))).toEqual({ status: 'unavailable', reason: 'The remote map is malformed.' });
    expect(await loadRemoteMap('/remotes.json', vi.fn().mockRejectedValue(new TypeError('offline')))).toEqual({ status: 'unavailable', reason: 'The remote map could not be loaded.' });
    expect(registerRemotes).not.toHaveBeenCalled();
  });
});
