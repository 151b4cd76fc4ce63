import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUBSCRIPTION_MESSAGES, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { formatUsd } from '@beabro/shared/money/fees';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../email/escape-html';
import { sendPlainHtmlPage, TOKEN_PAGE_SCRIPT_HELPERS } from '../email/plain-html-page';
import { describeByLink } from './subscriptions-service';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : '';
}

/** What the supporter sees about the monthly support, in words. */
function describe(subscription: SubscriptionDto): string {
  const who = `<strong>${escapeHtml(formatUsd(subscription.amountCents))}/month</strong> to <a href="/${escapeHtml(subscription.creatorUsername)}">${escapeHtml(subscription.creatorDisplayName)}</a>`;
  if (subscription.status === 'canceled' || subscription.status === 'lapsed' || subscription.cancelAtPeriodEnd) {
    const end = subscription.endsAt ? ` It ends on ${escapeHtml(formatDate(subscription.endsAt))}, with no further charge.` : '';
    return `<p>Your monthly support of ${who} is already cancelled.${end}</p>`;
  }
  return `<p>You support ${who}. The next charge is on ${escapeHtml(formatDate(subscription.nextChargeAt ?? subscription.currentPeriodEnd))}.</p>
<p class="muted">If you cancel, nothing more is charged. The month you already paid for still counts for the creator.</p>`;
}

/**
 * GET /subscriptions/cancel?token=...: the page behind the cancel link in every monthly receipt.
 * Opening it changes nothing (mail scanners prefetch links); the button POSTs the token.
 */
export const cancelLinkPageRoutes: FastifyPluginAsyncZod<{ appSecret: string }> = async (app, { appSecret }) => {
  app.get('/subscriptions/cancel', { schema: { hide: true, querystring: z.object({ token: z.string().optional() }) } }, async (request, reply) => {
    const title = 'Cancel monthly support';
    let subscription: SubscriptionDto;
    try {
      subscription = await describeByLink(app.db, appSecret, request.query.token ?? '');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return sendPlainHtmlPage(
        reply,
        {
          title,
          main: `<div class="card"><h1>${title}</h1><p class="error" role="alert">${escapeHtml(error.code === 'not_found' ? SUBSCRIPTION_MESSAGES.notFound : SUBSCRIPTION_MESSAGES.linkInvalid)}</p>
<p><a href="/auth?next=%2Fsupporter-dashboard%3Ftab%3Dcreators">Sign in to manage your monthly supports</a></p></div>`,
        },
        error.code === 'not_found' ? 404 : 400,
      );
    }
    const cancellable = subscription.status !== 'canceled' && subscription.status !== 'lapsed' && !subscription.cancelAtPeriodEnd;
    return sendPlainHtmlPage(reply, {
      title,
      main: `<div class="card"><h1>${title}</h1>${describe(subscription)}
${cancellable ? '<button type="button" id="cancel">Cancel my monthly support</button><noscript><p class="error">This page needs JavaScript to cancel.</p></noscript>' : ''}
<div id="outcome" role="status" aria-live="polite"></div>
<p><a href="/${escapeHtml(subscription.creatorUsername)}">Back to ${escapeHtml(subscription.creatorDisplayName)}'s page</a></p></div>`,
      ...(cancellable ? { script: CANCEL_SCRIPT } : {}),
    });
  });
};

/** Reads the token from the address bar (never echoed into the HTML), POSTs it, and shows the answer. */
const CANCEL_SCRIPT = `
(function () {
  var button = document.getElementById('cancel');
${TOKEN_PAGE_SCRIPT_HELPERS}
  function restore(message) {
    button.disabled = false;
    button.textContent = 'Cancel my monthly support';
    show(message, true);
  }
  button.addEventListener('click', function () {
    button.disabled = true;
    button.textContent = 'Cancelling...';
    postToken('/api/subscriptions/cancel-by-link').then(function (result) {
      if (result.ok) {
        var subscription = result.body.subscription;
        var ends = subscription && subscription.endsAt ? new Date(subscription.endsAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : null;
        button.remove();
        show('Your monthly support is cancelled.' + (ends ? ' It ends on ' + ends + ', with no further charge.' : ''), false);
      } else {
        restore(result.body.message || 'Something went wrong. Please try again.');
      }
    }).catch(function () {
      restore('We could not reach Be a Bro. Check your connection and try again.');
    });
  });
})();
`;
