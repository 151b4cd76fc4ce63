import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { RemoteMapContext } from '../features/remotes/remote-map-context';
import { forgetAreaLoads } from '../features/remotes/remote-route';
import { AppRoutes } from './app-routes';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  getInstance: vi.fn(),
}));

function Area({ basePath }: RemoteAreaProps) {
  return <h1>Area at {basePath}</h1>;
}

const map = {
  'mf-help': '/h.json',
  'mf-marketing': '/m.json',
  'mf-public-profile': '/p.json',
  'mf-operator': '/o.json',
};

/** Signed in, not an operator (the operator tests add `isOperator: true`). */
const operator: SessionUser = {
  id: '6f1c1a52-52a8-4a57-9b3e-0d2f6f0b1a02',
  email: 'olive@example.com',
  username: null,
  displayName: 'Olive',
  isCreator: false,
  userType: 'supporter',
  emailVerified: true,
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(route: string) {
  vi.mocked(loadRemote).mockResolvedValue({ default: Area, contractVersion: CONTRACT_VERSION });
  return renderWithProviders(
    <RemoteMapContext.Provider value={{ status: 'ready', map }}>
      <AppRoutes />
      <LocationProbe />
    </RemoteMapContext.Provider>,
    { route },
  );
}

beforeEach(() => {
  forgetAreaLoads();
  vi.mocked(loadRemote).mockReset();
});

afterEach(() => {
  act(() => useSessionStore.setState({ status: 'unknown', user: null }));
});

describe('AppRoutes', () => {
  it.each([
    ['/', 'mf_marketing/landing', '/'],
    ['/help', 'mf_help/help', '/help'],
    ['/maya_builds', 'mf_public_profile/profile', '/:username'],
    ['/maya_builds/support', 'mf_public_profile/support', '/:username/support'],
  ])('%s renders its remote area inside the site layout', async (path, expected, basePath) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: `Area at ${basePath}` })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenLastCalledWith(expected);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('renders the checkout alone, without header and footer, in the embed layout of /embed.js', async () => {
    renderAt('/maya_builds/support?embed=1&origin=https%3A%2F%2Fmy.site');
    expect(await screen.findByRole('heading', { name: 'Area at /:username/support' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('keeps the site layout for embed=1 on any other page', async () => {
    renderAt('/maya_builds?embed=1');
    expect(await screen.findByRole('heading', { name: 'Area at /:username' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('never lets /:username shadow an app route', async () => {
    renderAt('/help');
    await screen.findByRole('heading', { name: 'Area at /help' });
    expect(loadRemote).not.toHaveBeenCalledWith('mf_public_profile/profile');
  });

  it.each([
    ['/PixelPat?ref=card', '/pixelpat?ref=card', 'Area at /:username'],
    ['/PixelPat/support', '/pixelpat/support', 'Area at /:username/support'],
  ])('%s goes to the lower-case address (usernames are case-insensitive)', async (path, canonical, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(canonical);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it.each(['/no/such/page', '/Not-A-Username', '/ab'])('%s is "page not found"', (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('an area whose remote is not deployed is "page not found"', () => {
    renderAt('/discover');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it.each(['/dashboard', '/settings', '/analytics', '/supporter-dashboard'])(
    '%s is guarded: a signed-out visitor is sent to sign in',
    (path) => {
      useSessionStore.getState().setUser(null);
      renderAt(path);
      expect(loadRemote).not.toHaveBeenCalled();
      // /auth is served by mf-auth-onboarding, which this map does not deploy.
      expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    },
  );

  it.each(['/operator', '/operator/people/6f1c1a52-52a8-4a57-9b3e-0d2f6f0b1a02', '/operator/audit'])(
    '%s opens the operator console for an operator',
    async (path) => {
      useSessionStore.getState().setUser({ ...operator, isOperator: true });
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Area at /operator' })).toBeInTheDocument();
      expect(loadRemote).toHaveBeenLastCalledWith('mf_operator/operator');
    },
  );

  it('tells a signed-in user who is not an operator that the console is for operators, without loading it', () => {
    useSessionStore.getState().setUser(operator);
    renderAt('/operator/reports');
    expect(screen.getByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText('Only operators can open the operator console.')).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor from the operator console to sign in', () => {
    useSessionStore.getState().setUser(null);
    renderAt('/operator/money');
    expect(loadRemote).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth?next=/operator/money');
  });
});
