import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_MESSAGES } from '@beabro/shared/api-schemas/posts';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import PostsUnsubscribe from '../../../exposes/posts-unsubscribe';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { INVALID_LINK, STOP_EMAILS_LABEL } from './posts-unsubscribe-page';

vi.setConfig({ testTimeout: 20_000 });
function renderPage(route: string, answer: () => ReturnType<typeof json> | Promise<never>) {
  const api = mockApi({ 'POST /api/posts/unsubscribe': answer });
  renderWithProviders(<PostsUnsubscribe basePath="/subscriptions/unsubscribe" />, { route });
  return api;
}

describe('the post emails’ unsubscribe page', () => {
  it('uses the API’s words for an invalid link', () => {
    expect(INVALID_LINK).toBe(POST_MESSAGES.unsubscribeInvalid);
  });

  it('changes nothing on arrival, and stops the emails with the button', async () => {
    const user = userEvent.setup();
    const api = renderPage('/subscriptions/unsubscribe?token=abc', () =>
      json(200, { unsubscribed: true, creatorDisplayName: 'Pixel Pat' }),
    );
    const button = await screen.findByRole('button', { name: STOP_EMAILS_LABEL });
    expect(api.calls).toHaveLength(0);
    await user.click(button);
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent === 'Done. You will no longer get emails about new posts from Pixel Pat.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.map((r) => r.body)).toEqual([{ token: 'abc' }]);
    expect(screen.getByRole('link', { name: 'Settings › Notifications' })).toHaveAttribute(
      'href',
      '/settings?tab=notifications',
    );
  });

  it('says so for a link without a token, and for one the API refuses', async () => {
    renderPage('/subscriptions/unsubscribe', () => json(200, {}));
    expect(screen.getByText(INVALID_LINK)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: STOP_EMAILS_LABEL })).not.toBeInTheDocument();
    document.body.innerHTML = '';

    const user = userEvent.setup();
    renderPage('/subscriptions/unsubscribe?token=forged', () =>
      json(400, {
        message: POST_MESSAGES.unsubscribeInvalid,
        fieldErrors: { token: POST_MESSAGES.unsubscribeInvalid },
      }),
    );
    await user.click(await screen.findByRole('button', { name: STOP_EMAILS_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(POST_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: STOP_EMAILS_LABEL })).not.toBeInTheDocument();
  });

  it('lets the visitor try again after a failure that may pass', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderPage('/subscriptions/unsubscribe?token=abc', () => {
      calls += 1;
      return calls === 1
        ? json(429, { message: POST_MESSAGES.postsLimited })
        : json(200, { unsubscribed: true, creatorDisplayName: 'Pixel Pat' });
    });
    await user.click(await screen.findByRole('button', { name: STOP_EMAILS_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(POST_MESSAGES.postsLimited);
    await user.click(screen.getByRole('button', { name: STOP_EMAILS_LABEL }));
    expect(await screen.findByText(/You will no longer get emails/)).toHaveTextContent('Pixel Pat');
  });
});
