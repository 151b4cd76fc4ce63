import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { heldReply, mockApi } from '@beabro/shared/testing/msw';
import { NotificationsTab } from './notifications-tab';

const saved = { newSupport: true, monthlyReport: false, goalReached: true, supporterMessages: true, newPosts: true };

describe('NotificationsTab', () => {
  it('shows the five email toggles as saved, and saves a change', async () => {
    const save = heldReply({ body: { ...saved, monthlyReport: true, newSupport: false } });
    const api = mockApi({
      'GET /api/account/notifications': { body: saved },
      'PATCH /api/account/notifications': save.handler,
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsTab />);
    const switches = await screen.findAllByRole('switch');
    expect(switches.map((s) => (s as HTMLInputElement).checked)).toEqual([true, false, true, true, true]);
    await user.click(screen.getByRole('switch', { name: /Monthly report/ }));
    await user.click(screen.getByRole('switch', { name: /New support/ }));
    await user.click(screen.getByRole('switch', { name: /New posts from creators I support/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    save.release();
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/account/notifications')[0]?.body).toEqual({
      newSupport: false,
      monthlyReport: true,
      goalReached: true,
      supporterMessages: true,
      newPosts: false,
    });
  });

  it('says when saving failed', async () => {
    mockApi({
      'GET /api/account/notifications': { body: saved },
      'PATCH /api/account/notifications': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notification settings could not be saved. Please try again.',
    );
  });
});
