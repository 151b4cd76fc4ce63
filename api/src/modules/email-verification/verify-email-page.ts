import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';
import { sendPlainHtmlPage, TOKEN_PAGE_SCRIPT_HELPERS } from '../email/plain-html-page';

/** Where the page sends people afterwards. */
const DASHBOARD_PATH = '/supporter-dashboard';
const SETTINGS_PATH = '/settings';

/**
 * GET /verify-email?token=...: the page a verification link opens. Opening it verifies nothing (mail
 * scanners prefetch links); the button POSTs the token to /api/auth/verify-email and shows the outcome.
 */
export const verifyEmailPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/verify-email',
    { schema: { hide: true, querystring: z.object({ token: z.string().optional() }) } },
    async (request, reply) => {
      const hasToken = Boolean(request.query.token?.trim());
      if (!hasToken) {
        return sendPlainHtmlPage(reply, {
          title: 'Verify your email',
          main: `<div class="card">
<h1>Verify your email</h1>
<p class="error" role="alert">${EMAIL_VERIFICATION_MESSAGES.invalidLink}</p>
<p><a href="${SETTINGS_PATH}">Go to my account settings</a></p>
</div>`,
        });
      }
      return sendPlainHtmlPage(reply, {
        title: 'Verify your email',
        main: `<div class="card">
<h1>Verify your email</h1>
<p id="prompt">Confirm that this email address is yours.</p>
<button type="button" id="verify">Verify my email</button>
<noscript><p class="error">This page needs JavaScript to verify your email.</p></noscript>
<div id="outcome" role="status" aria-live="polite"></div>
</div>`,
        script: VERIFY_SCRIPT,
      });
    },
  );
};

/** Reads the token from the address bar (never echoed into the HTML), POSTs it, and shows the answer. */
const VERIFY_SCRIPT = `
(function () {
  var button = document.getElementById('verify');
${TOKEN_PAGE_SCRIPT_HELPERS}
  function retry(message) {
    button.disabled = false;
    button.textContent = 'Verify my email';
    show(message, true, { href: ${JSON.stringify(DASHBOARD_PATH)}, label: 'Go to my dashboard' });
  }
  button.addEventListener('click', function () {
    button.disabled = true;
    button.textContent = 'Verifying...';
    postToken('/api/auth/verify-email').then(function (result) {
      if (result.status === 200) {
        button.hidden = true;
        document.getElementById('prompt').hidden = true;
        // The token is spent: keep it out of the history and of any shared screenshot.
        history.replaceState(null, '', location.pathname);
        show(${JSON.stringify(EMAIL_VERIFICATION_MESSAGES.verified)}, false, { href: ${JSON.stringify(DASHBOARD_PATH)}, label: 'Go to my dashboard' });
      } else if (result.status === 400) {
        button.hidden = true;
        var fieldErrors = result.body.fieldErrors || {};
        show(fieldErrors.token || result.body.message || ${JSON.stringify(EMAIL_VERIFICATION_MESSAGES.invalidLink)}, true, { href: ${JSON.stringify(SETTINGS_PATH)}, label: 'Go to my account settings' });
      } else {
        retry(result.body.message || 'Something went wrong on our side. Please try again.');
      }
    }).catch(function () {
      retry('Could not reach the server. Check your connection and try again.');
    });
  });
})();
`;
