import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAUSE_MONTHS, SUBSCRIPTION_MESSAGES, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
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
  if (subscription.status === 'paused') {
    const until = subscription.pausedUntil
      ? ` until ${escapeHtml(formatDate(subscription.pausedUntil))}, when it resumes by itself with the next charge`
      : ' until you resume it';
    return `<p>Your monthly support of ${who} is <strong>paused</strong>${until}. Nothing is charged while it is paused.</p>
<p class="muted">If you resume it within the month you paid for, the next charge is at its end; later, the month you resume in is charged that day, then monthly as before. A month is never charged twice.</p>`;
  }
  return `<p>You support ${who}. The next charge is on ${escapeHtml(formatDate(subscription.nextChargeAt ?? subscription.currentPeriodEnd))}.</p>
<p class="muted">If you cancel, nothing more is charged. The month you already paid for still counts for the creator.</p>`;
}

/** The choices of a pause: 1, 2 or 3 months, or until resumed. */
function pauseForm(): string {
  const choice = (value: string, label: string, checked = false) =>
    `<label class="choice"><input type="radio" name="months" value="${value}"${checked ? ' checked' : ''}> ${label}</label>`;
  return `<h2>Pause instead</h2>
<p class="muted">Need a break? Nothing is charged while your monthly support is paused, and you can resume it any time.</p>
<fieldset><legend>Pause for</legend>
${PAUSE_MONTHS.map((m, i) => choice(String(m), m === 1 ? '1 month' : `${m} months`, i === 0)).join('\n')}
${choice('until-resumed', 'Until I resume it')}
</fieldset>
<button type="button" id="pause">Pause my monthly support</button>`;
}

/**
 * GET /subscriptions/cancel?token=...: the page behind the cancel link in every monthly receipt: pause,
 * resume or cancel without signing in. Opening it changes nothing (mail scanners prefetch links); the
 * buttons POST the token.
 */
export const cancelLinkPageRoutes: FastifyPluginAsyncZod<{ appSecret: string }> = async (app, { appSecret }) => {
  app.get('/subscriptions/cancel', { schema: { hide: true, querystring: z.object({ token: z.string().optional() }) } }, async (request, reply) => {
    const title = 'Pause or cancel monthly support';
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
    const pausable = subscription.status === 'active' && !subscription.cancelAtPeriodEnd;
    const resumable = subscription.status === 'paused';
    const actions = [
      resumable ? '<button type="button" id="resume">Resume my monthly support</button>' : '',
      pausable ? pauseForm() : '',
      cancellable ? `${pausable ? '<h2>Or cancel</h2>' : ''}<button type="button" id="cancel" class="danger">Cancel my monthly support</button>` : '',
    ].filter(Boolean);
    return sendPlainHtmlPage(reply, {
      title,
      main: `<div class="card"><h1>${title}</h1>${describe(subscription)}
${actions.length > 0 ? `<div id="actions" class="actions">${actions.join('\n')}</div><noscript><p class="error">This page needs JavaScript to pause, resume or cancel.</p></noscript>` : ''}
<div id="outcome" role="status" aria-live="polite"></div>
<p><a href="/${escapeHtml(subscription.creatorUsername)}">Back to ${escapeHtml(subscription.creatorDisplayName)}'s page</a></p></div>`,
      ...(actions.length > 0 ? { script: ACTIONS_SCRIPT } : {}),
    });
  });
};

/**
 * Reads the token from the address bar (never echoed into the HTML), POSTs it with the chosen action,
 * and shows the answer. After a change the buttons go (they described the old state); a link reloads
 * the page with the new one.
 */
const ACTIONS_SCRIPT = `
(function () {
  var actions = document.getElementById('actions');
${TOKEN_PAGE_SCRIPT_HELPERS}
  function longDate(iso) {
    return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  }
  function post(url, extra) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json', 'X-Requested-With': 'beabro' },
      body: JSON.stringify(Object.assign({ token: token }, extra || {}))
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) { return { ok: response.ok, body: body || {} }; });
    });
  }
  function wire(id, busyLabel, run, describe) {
    var button = document.getElementById(id);
    if (!button) return;
    var label = button.textContent;
    button.addEventListener('click', function () {
      var buttons = actions.querySelectorAll('button');
      for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
      button.textContent = busyLabel;
      function restore(message) {
        for (var j = 0; j < buttons.length; j++) buttons[j].disabled = false;
        button.textContent = label;
        show(message, true);
      }
      run().then(function (result) {
        if (result.ok) {
          actions.remove();
          show(describe(result.body.subscription || {}), false, { href: location.href, label: 'See your monthly support' });
        } else {
          restore(result.body.message || 'Something went wrong. Please try again.');
        }
      }).catch(function () {
        restore('We could not reach Be a Bro. Check your connection and try again.');
      });
    });
  }
  wire('cancel', 'Cancelling...', function () { return post('/api/subscriptions/cancel-by-link'); }, function (subscription) {
    return 'Your monthly support is cancelled.' + (subscription.endsAt ? ' It ends on ' + longDate(subscription.endsAt) + ', with no further charge.' : '');
  });
  wire('pause', 'Pausing...', function () {
    var chosen = actions.querySelector('input[name="months"]:checked');
    var value = chosen ? chosen.value : '1';
    return post('/api/subscriptions/pause-by-link', { months: value === 'until-resumed' ? null : Number(value) });
  }, function (subscription) {
    return 'Your monthly support is paused' + (subscription.pausedUntil ? ' until ' + longDate(subscription.pausedUntil) + ', when it resumes by itself' : ' until you resume it') + '. Nothing is charged meanwhile.';
  });
  wire('resume', 'Resuming...', function () { return post('/api/subscriptions/resume-by-link'); }, function (subscription) {
    return 'Your monthly support is running again.' + (subscription.nextChargeAt ? ' The next charge is on ' + longDate(subscription.nextChargeAt) + '.' : '');
  });
})();
`;
