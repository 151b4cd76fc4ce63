import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import type { AreaRoute } from '../../config/area-routes';
import type { RemoteMapState } from './remote-map';
import { RemoteMapContext } from './remote-map-context';
import { forgetAreaLoads, RemoteRoute } from './remote-route';
import { ResolvedAreasContext } from './resolved-areas';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  getInstance: vi.fn(),
}));

const route: AreaRoute = { path: '/help', remote: 'mf-help', module: './help', area: 'Help centre' };
const ready: RemoteMapState = { status: 'ready', map: { 'mf-help': '/remotes/mf-help/mf-manifest.json' } };

function HelpArea({ basePath }: RemoteAreaProps) {
  return <h1>Help from {basePath}</h1>;
}

function renderRoute(state: RemoteMapState = ready) {
  return renderWithProviders(
    <RemoteMapContext.Provider value={state}>
      <RemoteRoute route={route} />
    </RemoteMapContext.Provider>,
    { route: '/help' },
  );
}

beforeEach(() => {
  forgetAreaLoads();
  vi.mocked(loadRemote).mockReset();
  vi.mocked(registerRemotes).mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('RemoteRoute', () => {
  it('renders an area loaded before rendering (a server render, or the hydration of one) as it is, without loading it', () => {
    renderWithProviders(
      <RemoteMapContext.Provider value={ready}>
        <ResolvedAreasContext.Provider
          value={{ modules: new Map([['mf-help|./help', HelpArea]]), deferred: new Set(), server: false }}
        >
          <RemoteRoute route={route} />
        </ResolvedAreasContext.Provider>
      </RemoteMapContext.Provider>,
      { route: '/help' },
    );
    expect(screen.getByRole('heading', { name: 'Help from /help' })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('on the server, an area that was not loaded renders its loading state, and nothing is loaded there', () => {
    renderWithProviders(
      <RemoteMapContext.Provider value={ready}>
        <ResolvedAreasContext.Provider value={{ modules: new Map(), deferred: new Set(), server: true }}>
          <RemoteRoute route={route} />
        </ResolvedAreasContext.Provider>
      </RemoteMapContext.Provider>,
      { route: '/help' },
    );
    expect(screen.getByText('Loading Help centre…')).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('loads the exposed module by its federation name and renders it with the base path', async () => {
    vi.mocked(loadRemote).mockResolvedValue({ default: HelpArea, contractVersion: CONTRACT_VERSION });
    renderRoute();
    expect(screen.getByText('Loading Help centre…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Help from /help' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf_help/help');
  });

  it('shows a fallback naming the area when the remote is down, and Retry loads it again', async () => {
    const user = userEvent.setup();
    vi.mocked(loadRemote)
      .mockRejectedValueOnce(new Error('RUNTIME-008'))
      .mockResolvedValue({ default: HelpArea, contractVersion: CONTRACT_VERSION });
    renderRoute();
    expect(
      await screen.findByRole('heading', { name: 'The Help centre is unavailable right now' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Help from /help' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_help', entry: 'http://localhost:3000/remotes/mf-help/mf-manifest.json' }],
      { force: true },
    );
  });

  it('on a server-rendered page, Retry drops the stale preloads and tries once more for each failed one', async () => {
    const user = userEvent.setup();
    const preload = (href: string, as: string) => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = as;
      link.href = href;
      document.head.append(link);
      return link;
    };
    const links = [
      preload('/remotes/mf-help/remoteEntry.js', 'script'),
      preload('/remotes/mf-help/510.js', 'script'),
      preload('/remotes/mf-help/mf-manifest.json', 'fetch'),
    ];
    const other = preload('/remotes/mf-marketing/remoteEntry.js', 'script');
    // The first load fails (the outage); after Retry each stale script preload fails once more, then it loads.
    vi.mocked(loadRemote)
      .mockRejectedValueOnce(new Error('RUNTIME-003'))
      .mockRejectedValueOnce(new Error('RUNTIME-008 remoteEntry.js'))
      .mockRejectedValueOnce(new Error('RUNTIME-008 510.js'))
      .mockResolvedValue({ default: HelpArea, contractVersion: CONTRACT_VERSION });
    renderRoute();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Help from /help' })).toBeInTheDocument();
    expect(links.map((link) => link.isConnected)).toEqual([false, false, false]);
    expect(other.isConnected).toBe(true);
    expect(loadRemote).toHaveBeenCalledTimes(4);
    other.remove();
  });

  it('after Retry, still reports the area unavailable once the stale preloads are used up', async () => {
    const user = userEvent.setup();
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = '/remotes/mf-help/remoteEntry.js';
    document.head.append(link);
    vi.mocked(loadRemote).mockRejectedValue(new Error('RUNTIME-008'));
    renderRoute();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(loadRemote).toHaveBeenCalledTimes(3));
    expect(
      await screen.findByRole('heading', { name: 'The Help centre is unavailable right now' }),
    ).toBeInTheDocument();
  });

  it('contains a remote that throws while rendering', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    vi.mocked(loadRemote).mockResolvedValue({ default: Broken, contractVersion: CONTRACT_VERSION });
    renderRoute();
    expect(await screen.findByText(/Something went wrong while showing this page/)).toBeInTheDocument();
  });

  it('refuses a remote built against another major contract version with a clear message', async () => {
    vi.mocked(loadRemote).mockResolvedValue({ default: HelpArea, contractVersion: '2.0.0' });
    renderRoute();
    expect(await screen.findByText(/was built for contract 2\.0\.0/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Help from /help' })).not.toBeInTheDocument();
  });

  it('shows "Page not found" for a route whose remote is not in the map', () => {
    renderRoute({ status: 'ready', map: {} });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
