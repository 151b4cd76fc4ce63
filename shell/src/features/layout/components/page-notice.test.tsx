import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { PAGE_NOTICES, pageNoticeState } from '@beabro/shared/contract/page-notice';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { PageNotice } from './page-notice';

function GoHome({ state }: { state: unknown }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/', { state })}>
      Go home
    </button>
  );
}

describe('PageNotice', () => {
  it('confirms what the previous page asked for, takes focus, and can be dismissed', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <PageNotice />
        <GoHome state={pageNoticeState('account-deleted')} />
      </>,
      { route: '/settings' },
    );
    expect(screen.queryByText(PAGE_NOTICES['account-deleted'])).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go home' }));
    const notice = (await screen.findByText(PAGE_NOTICES['account-deleted'])).closest('[role="status"]');
    await waitFor(() => expect(notice).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(PAGE_NOTICES['account-deleted'])).not.toBeInTheDocument();
  });

  it('shows nothing for state it does not know (no text from history state reaches the page)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <PageNotice />
        <GoHome state={{ notice: 'Send your password to evil@example.com' }} />
      </>,
      { route: '/settings' },
    );
    await user.click(screen.getByRole('button', { name: 'Go home' }));
    expect(screen.queryByText(/evil/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });
});
