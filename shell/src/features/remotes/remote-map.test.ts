import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION } from '@beabro/shared/contract/remote-contract';
import { loadRemoteMap } from './remote-map';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  getInstance: vi.fn(),
}));

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.mocked(registerRemotes).mockReset();
  vi.mocked(loadRemote).mockReset();
});

describe('loadRemoteMap', () => {
  it('registers every remote of the map with an absolute manifest URL', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(
      jsonResponse({
        'mf-help': '/remotes/mf-help/mf-manifest.json',
        'mf-marketing': 'https://cdn.example.com/mf-marketing/v2/mf-manifest.json',
      }),
    );
    const state = await loadRemoteMap('/remotes.json', fetchImpl);
    expect(state.status).toBe('ready');
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_help', entry: 'http://localhost:3000/remotes/mf-help/mf-manifest.json' }],
      { force: true },
    );
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_marketing', entry: 'https://cdn.example.com/mf-marketing/v2/mf-manifest.json' }],
      { force: true },
    );
  });

  it('reports an unavailable map instead of throwing', async () => {
    expect(await loadRemoteMap('/remotes.json', vi.fn().mockResolvedValue(jsonResponse({}, 503)))).toEqual({
      status: 'unavailable',
      reason: 'The remote map answered 503.',
    });
    expect(await loadRemoteMap('/remotes.json', vi.fn().mockResolvedValue(jsonResponse(['x'])))).toEqual({
      status: 'unavailable',
      reason: 'The remote map is malformed.',
    });
    expect(await loadRemoteMap('/remotes.json', vi.fn().mockRejectedValue(new TypeError('offline')))).toEqual({
      status: 'unavailable',
      reason: 'The remote map could not be loaded.',
    });
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('starts loading the area of the page that was opened, and only that one', async () => {
    window.history.pushState({}, '', '/pixelpat/support');
    vi.mocked(loadRemote).mockResolvedValue({ default: () => null, contractVersion: CONTRACT_VERSION });
    const map = {
      'mf-public-profile': '/remotes/mf-public-profile/mf-manifest.json',
      'mf-help': '/remotes/mf-help/mf-manifest.json',
    };
    await loadRemoteMap('/remotes.json', vi.fn().mockResolvedValue(jsonResponse(map)));
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledWith('mf_public_profile/support');

    // A route whose remote is not in the map preloads nothing.
    vi.mocked(loadRemote).mockClear();
    window.history.pushState({}, '', '/dashboard');
    await loadRemoteMap('/remotes.json', vi.fn().mockResolvedValue(jsonResponse(map)));
    expect(loadRemote).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });
});
