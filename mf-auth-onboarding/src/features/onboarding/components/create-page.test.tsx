import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '@beabro/shared/testing/msw';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { fakeCreator, fakeUser } from '../../../testing/factories';
import { renderCreate } from '../../../testing/render-create';
import { CreatePage } from './create-page';

const location = () => screen.getByLabelText('current location');

afterEach(() => {
  window.sessionStorage.clear();
});

describe('CreatePage: who may onboard', () => {
  it('sends a visitor to sign up as a mission builder, coming back here', async () => {
    renderCreate({ user: null });
    await waitFor(() => expect(location().textContent).toBe('/auth?mode=signup&role=creator&next=/create'));
  });

  it('sends someone who already has a creator page to the dashboard', async () => {
    renderCreate({ user: fakeCreator() });
    await waitFor(() => expect(location().textContent).toBe('/dashboard'));
  });

  it.each([
    ['a supporter (who becomes a creator)', fakeUser()],
    ['a creator who has not onboarded yet', fakeUser({ userType: 'creator' })],
  ])('lets %s in, at "Step 1 of 3"', async (_who, user) => {
    renderCreate({ user });
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Share your mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The basics' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 3' })).toHaveAttribute('aria-valuenow', '33');
    expect(location().textContent).toBe('/create');
  });

  it('waits for the session before deciding', () => {
    mockApi({ 'GET /api/auth/me': () => new Promise<never>(() => {}) });
    renderWithProviders(<CreatePage basePath="/create" />, { route: '/create' });
    expect(screen.getByText('Checking whether you are signed in…')).toBeInTheDocument();
  });
});
