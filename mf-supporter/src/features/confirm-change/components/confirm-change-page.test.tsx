import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGE_CONFIRM_MESSAGES, SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { json, mockApi } from '@beabro/shared/testing/msw';
import ConfirmChange from '../../../exposes/confirm-change';
import { fakeSubscription } from '../../../testing/fake-data';
import { CONFIRM_CHANGE_LABEL, INVALID_CONFIRM_LINK } from './confirm-change-page';

vi.setConfig({ testTimeout: 20_000 });
const CONFIRM = 'POST /api/subscriptions/change-by-link/confirm';

function renderPage(route: string, answer: () => ReturnType<typeof json>) {
  const api = mockApi({ [CONFIRM]: answer });
  renderWithProviders(<ConfirmChange basePath="/subscriptions/confirm-change" />, { route });
  return api;
}

describe('the page confirming a new monthly amount', () => {
  it('uses the API’s words for an invalid link', () => {
    expect(INVALID_CONFIRM_LINK).toBe(CHANGE_CONFIRM_MESSAGES.linkInvalid);
  });

  it('changes nothing on arrival; the button confirms and says the new amount and from when', async () => {
    const user = userEvent.setup();
    const api = renderPage('/subscriptions/confirm-change?token=emailed', () =>
      json(200, { subscription: fakeSubscription({ amountCents: 9_000 }) }),
    );
    const button = await screen.findByRole('button', { name: CONFIRM_CHANGE_LABEL });
    expect(api.calls).toHaveLength(0);
    await user.click(button);
    const outcome = await screen.findByText(
      'Your monthly support to Pixel Pat is now $90.00/month. The new amount is first charged at your next renewal, on December 20, 2026.',
    );
    expect(outcome.closest('[role="status"]')).toBeInTheDocument();
    expect(api.calls.map((r) => r.body)).toEqual([{ token: 'emailed' }]);
    expect(screen.queryByRole('button', { name: CONFIRM_CHANGE_LABEL })).not.toBeInTheDocument();
  });

  it('says so for a link without a token, one used, replaced or expired, and a support cancelled since', async () => {
    renderPage('/subscriptions/confirm-change', () => json(200, {}));
    expect(screen.getByText(INVALID_CONFIRM_LINK)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CONFIRM_CHANGE_LABEL })).not.toBeInTheDocument();
    document.body.innerHTML = '';

    for (const [status, message] of [
      [400, CHANGE_CONFIRM_MESSAGES.linkExpired],
      [409, SUBSCRIPTION_MESSAGES.changeEnded],
    ] as const) {
      const user = userEvent.setup();
      renderPage('/subscriptions/confirm-change?token=old', () => json(status, { message, fieldErrors: {} }));
      await user.click(await screen.findByRole('button', { name: CONFIRM_CHANGE_LABEL }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByRole('button', { name: CONFIRM_CHANGE_LABEL })).not.toBeInTheDocument();
      document.body.innerHTML = '';
    }
  });

  it('lets the visitor try again after a failure that may pass', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderPage('/subscriptions/confirm-change?token=emailed', () => {
      calls += 1;
      return calls === 1
        ? json(429, { message: SUBSCRIPTION_MESSAGES.changesLimited })
        : json(200, { subscription: fakeSubscription({ amountCents: 9_000 }) });
    });
    await user.click(await screen.findByRole('button', { name: CONFIRM_CHANGE_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.changesLimited);
    await user.click(screen.getByRole('button', { name: CONFIRM_CHANGE_LABEL }));
    expect(await screen.findByText(/is now \$90\.00\/month/)).toBeInTheDocument();
  });
});
