// @vitest-environment node
import { Route, Routes } from 'react-router-dom';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { prefetchAndRenderOnServer } from '@beabro/shared/testing/server-render';
import { fakeSubscription } from '../testing/fake-data';
import { json, mockApi } from '@beabro/shared/testing/msw';
import SubscriptionLink, { prefetch } from './cancel-link';

// The shell's server render of /subscriptions/cancel in Node: the prefetch reads the support the link is for
// (changing nothing), then the page is rendered with its real forms, so it works before hydration and without JavaScript.

const routes = (
  <Routes>
    <Route path="/subscriptions/cancel" element={<SubscriptionLink basePath="/subscriptions/cancel" />} />
  </Routes>
);

const render = (url: string) => prefetchAndRenderOnServer(routes, { url, prefetch });

describe('server rendering of /subscriptions/cancel', () => {
  it('an active support: what it is, the pause choices and the cancel button, as forms', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
    });
    const { text, html, embedded } = await render('/subscriptions/cancel?token=tok.sig');

    expect(api.calls.map((r) => `${r.method} ${r.pathname}?${r.query.toString()}`)).toEqual([
      'GET /api/subscriptions/cancel-by-link?token=tok.sig',
    ]);
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([['subscription-link-page', 'tok.sig']]);
    expect(text).toContain('Pause or cancel monthly support');
    expect(text).toContain('You support $25.00/month to Pixel Pat . The next charge is on December 20, 2026.');
    expect(text).toContain('Pause for 1 month 2 months 3 months Until I resume it');
    expect(html.match(/<form[^>]*action="\/subscriptions\/cancel" method="post"/g)).toHaveLength(2);
    expect(html).toContain('name="action" value="pause"');
    expect(html).toContain('name="action" value="cancel"');
    expect(text).not.toContain('Resume my monthly support');
  });

  it('a paused support offers resume and cancel; a cancelled one only says so', async () => {
    mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(200, { subscription: fakeSubscription({ status: 'paused', nextChargeAt: null }) }),
    });
    const paused = await render('/subscriptions/cancel?token=t');
    expect(paused.text).toContain('is paused until you resume it');
    expect(paused.text).toContain('Resume my monthly support');
    expect(paused.text).toContain('Cancel my monthly support');
    expect(paused.text).not.toContain('Pause my monthly support');

    mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(200, {
          subscription: fakeSubscription({
            cancelAtPeriodEnd: true,
            nextChargeAt: null,
            endsAt: '2026-12-20T12:00:00.000Z',
          }),
        }),
    });
    const cancelled = await render('/subscriptions/cancel?token=t');
    expect(cancelled.text).toContain('is cancelled. It ends on December 20, 2026, with no further charge.');
    expect(cancelled.html).not.toContain('<form');
  });

  it('after the form (JavaScript off) says what was done, only when it is true, and a refusal in our own words', async () => {
    mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(200, { subscription: fakeSubscription({ status: 'paused', pausedUntil: '2027-02-20T12:00:00.000Z' }) }),
    });
    expect((await render('/subscriptions/cancel?token=t&done=pause')).text).toContain(
      'Your monthly support is paused until February 20, 2027, when it resumes by itself. Nothing is charged meanwhile.',
    );
    expect((await render('/subscriptions/cancel?token=t&done=cancel')).text).not.toContain(
      'Your monthly support is cancelled.',
    );
    const refused = await render('/subscriptions/cancel?token=t&action=resume&error=resumeEnded');
    expect(refused.text).toContain(SUBSCRIPTION_MESSAGES.resumeEnded);
    expect((await render('/subscriptions/cancel?token=t&action=resume&error=<b>made+up</b>')).text).not.toContain(
      'made up',
    );
  });

  it('a forged or unknown link: its message, rendered on the server', async () => {
    mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(400, { message: SUBSCRIPTION_MESSAGES.linkInvalid }),
    });
    const { text, embedded } = await render('/subscriptions/cancel?token=forged');
    expect(text).toContain(SUBSCRIPTION_MESSAGES.linkInvalid);
    expect(text).toContain('Sign in to manage your monthly supports');
    expect(embedded.queries).toHaveLength(1);
    mockApi({ 'GET /api/subscriptions/cancel-by-link': () => json(404, { message: SUBSCRIPTION_MESSAGES.notFound }) });
    expect((await render('/subscriptions/cancel?token=gone')).text).toContain(SUBSCRIPTION_MESSAGES.notFound);
  });
});
