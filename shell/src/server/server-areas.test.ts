import { init } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION } from '@beabro/shared/contract/remote-contract';
import { createServerAreas } from './server-areas';

/** A stand-in server container whose one area says which release it came from. */
function container(release: string) {
  const area = Object.assign(() => release, { displayName: release });
  return {
    init: async () => undefined,
    get: async () => () => ({ default: area, contractVersion: CONTRACT_VERSION }),
  };
}

describe('createServerAreas', () => {
  beforeAll(() => init({ name: 'shell_server_areas_test', remotes: [] }));

  it('takes a new release from the next load, without the runtime warning that it overrides one', async () => {
    const warn = vi.spyOn(console, 'warn');
    const loadContainer = vi.fn(async (entry: string) => container(entry.includes('v2') ? 'v2' : 'v1'));
    const areas = createServerAreas({ loadContainer, timeoutMs: 5_000 });

    const first = await areas.load('mf-help', './Area', 'http://cdn.test/mf-help/v1/remoteEntry.js');
    const second = await areas.load('mf-help', './Area', 'http://cdn.test/mf-help/v2/remoteEntry.js');

    expect(first.ok && first.area.default.displayName).toBe('v1');
    expect(second.ok && second.area.default.displayName).toBe('v2');
    expect(loadContainer).toHaveBeenCalledTimes(2);
    const warnings = warn.mock.calls.map((call) => call.map(String).join(' '));
    expect(warnings.filter((line) => line.includes('already registered'))).toEqual([]);
    warn.mockRestore();
  });
});
