// @vitest-environment node
import { Route, Routes } from 'react-router-dom';
import { prefetchAndRenderOnServer } from '@beabro/shared/testing/server-render';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';
import { mockApi } from '@beabro/shared/testing/msw';
import VerifyEmail, { prefetch } from './verify-email';

// The shell's server render of /verify-email in Node: the prefetch reads what the link would do (and spends
// nothing), then the page is rendered for a signed-out visitor, with its message or its button.

const routes = (
  <Routes>
    <Route path="/verify-email" element={<VerifyEmail basePath="/verify-email" />} />
  </Routes>
);

/** GET /api/auth/verify-email?token=… answering `status` and `body`, whatever the token. */
const linkStatus = (status: number, body: unknown) => ({ 'GET /api/auth/verify-email': { status, body } });

describe('server rendering of /verify-email', () => {
  it('shows the address and the button of a ready link, and posts nothing', async () => {
    const { calls } = mockApi(linkStatus(200, { state: 'ready', email: 'vera@example.com', signedInAsOther: false }));
    const { text, html, embedded } = await prefetchAndRenderOnServer(routes, {
      url: '/verify-email?token=tok_123',
      prefetch,
    });

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/auth/verify-email?token=tok_123']);
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([['verification-link', 'tok_123']]);
    expect(text).toContain('Verify your email');
    expect(text).toContain('Confirm that vera@example.com is your email address.');
    // A real form: it works before the page hydrates, and with JavaScript off.
    expect(html).toMatch(/<form[^>]*action="\/verify-email" method="post"/);
    expect(html).toContain('name="token" value="tok_123"');
    expect(text).not.toContain('Checking your link');
  });

  it.each([
    ['expired', EMAIL_VERIFICATION_MESSAGES.linkExpired],
    ['used', EMAIL_VERIFICATION_MESSAGES.linkUsed],
    ['outdated', EMAIL_VERIFICATION_MESSAGES.linkOutdated],
  ])('says why a link that is %s verifies nothing', async (state, message) => {
    mockApi(linkStatus(200, { state, email: null, signedInAsOther: false }));
    const { text, html } = await prefetchAndRenderOnServer(routes, { url: '/verify-email?token=tok_old', prefetch });
    expect(text).toContain(message);
    expect(html).not.toContain('<form');
    expect(text).toContain('Sign in to request a new link');
  });

  it('renders an unknown link (404) and a missing token as "not valid", without asking the API for the missing one', async () => {
    const { calls } = mockApi(linkStatus(404, { message: EMAIL_VERIFICATION_MESSAGES.linkUnknown }));
    expect((await prefetchAndRenderOnServer(routes, { url: '/verify-email?token=nope', prefetch })).text).toContain(
      EMAIL_VERIFICATION_MESSAGES.linkUnknown,
    );
    expect((await prefetchAndRenderOnServer(routes, { url: '/verify-email', prefetch })).text).toContain(
      EMAIL_VERIFICATION_MESSAGES.linkUnknown,
    );
    expect(calls).toHaveLength(1);
  });

  it('after the form verified (?result=verified) says so, and otherwise that it already is', async () => {
    mockApi(linkStatus(200, { state: 'already-verified', email: 'vera@example.com', signedInAsOther: false }));
    const after = await prefetchAndRenderOnServer(routes, { url: '/verify-email?token=tok&result=verified', prefetch });
    expect(after.text).toContain(EMAIL_VERIFICATION_MESSAGES.verified);
    const later = await prefetchAndRenderOnServer(routes, { url: '/verify-email?token=tok', prefetch });
    expect(later.text).toContain(EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
    expect(later.text).toContain('vera@example.com is verified.');
  });

  it('leaves the page to the browser when the API fails (the loading state, nothing cached)', async () => {
    mockApi(linkStatus(500, { message: 'boom' }));
    const { text, embedded } = await prefetchAndRenderOnServer(routes, { url: '/verify-email?token=tok', prefetch });
    expect(embedded.queries).toEqual([]);
    expect(text).toContain('Checking your link…');
  });
});
