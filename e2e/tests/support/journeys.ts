import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { monthlyGuestSupport } from './site-pages';
import { csrf } from './csrf';

/*
 * What the two cross-area journeys (tests/journeys.spec.ts with the mouse, tests/journeys-keyboard.spec.ts
 * with the keyboard alone) share: reading the API as each person, the operator's job runs at a chosen
 * clock (POST /api/dev/jobs/:name, on because the e2e servers start with DEV_TOOLS=true), and the clocks.
 */

export const DAY_MS = 86_400_000;

/** A short unique stamp for emails and usernames (a-z, 0-9). */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** The same "$1,234.56" the creator and supporter areas print (formatUsd). */
export const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Matches the whole path and query, so "/auth?next=/dashboard" never passes for "/dashboard". */
export const at = (pathAndQuery: string) => (url: URL) => `${url.pathname}${url.search}` === pathAndQuery;

export async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

export interface SupporterDashboard {
  history: Array<{ creatorUsername: string; amountCents: number; isRecurring: boolean; refundedCents: number }>;
  subscriptions: Array<{
    id: string;
    creatorUsername: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: string;
    endsAt: string | null;
  }>;
}

export interface CreatorDashboard {
  totalEarnings: { grossCents: number; netCents: number };
  totalSupporters: number;
  recurringSupports: number;
  pausedSupports: number;
  balanceCents: number;
  recentSupports: Array<{
    id: string;
    amountCents: number;
    refundedCents: number;
    isRecurring: boolean;
    isRenewal: boolean;
    name: string | null;
    createdAt: string;
  }>;
}

export interface CreatorPayouts {
  balanceCents: number;
  /** Weekly payouts (the sandbox); Stripe's have no week. */
  payouts: Array<{
    weekStart: string | null;
    weekEnd: string | null;
    amountCents: number;
    status: string;
    paidAt: string | null;
  }>;
}

export const supporterDashboard = (request: APIRequestContext) =>
  json<SupporterDashboard>(request, '/api/supporter/dashboard');
export const creatorDashboard = (request: APIRequestContext) =>
  json<CreatorDashboard>(request, '/api/creator/dashboard');
export const creatorPayouts = (request: APIRequestContext) => json<CreatorPayouts>(request, '/api/creator/payouts');

/**
 * The path and query of the renewal confirmation link in the "Confirm your monthly support" email to `email`, from
 * the development mailbox, once the email is there.
 */
export async function confirmationLink(request: APIRequestContext, email: string): Promise<string> {
  let confirmPath = '';
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/dev/mailbox')).json()) as {
          messages: Array<{ id: string; to: string; subject: string }>;
        };
        const message = list.messages.find(
          (m) => m.to === email && m.subject.startsWith('Confirm your monthly support'),
        );
        if (!message) return '';
        const { text } = (await (await request.get(`/api/dev/mailbox/${message.id}`)).json()) as { text: string };
        const url = /https?:\/\/\S+\/subscriptions\/confirm\?token=\S+/.exec(text)?.[0];
        confirmPath = url ? `${new URL(url).pathname}${new URL(url).search}` : '';
        return confirmPath;
      },
      { message: `the confirmation email of ${email}` },
    )
    .not.toBe('');
  return confirmPath;
}

export interface JobRun {
  name: string;
  now: string;
  result: Record<string, number | string>;
}

/** The operator runs a job on the server with a clock of their choice (what `pnpm --filter api jobs <name> --now` does). */
export async function runJob(request: APIRequestContext, name: 'renewals' | 'payouts', now: Date): Promise<JobRun> {
  const post = () => request.post(`/api/dev/jobs/${name}`, { headers: csrf, data: { now: now.toISOString() } });
  let res = await post();
  // 409: a run of this job is under way (a server's own scheduler, on any instance): run it again once that one ends.
  for (let tries = 0; res.status() === 409 && tries < 30; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    res = await post();
  }
  expect(res.status(), `POST /api/dev/jobs/${name}: ${await res.text()}`).toBe(200);
  return (await res.json()) as JobRun;
}

/** A clock two days after a monthly period ends: its renewal (or its end, once canceled) is due. */
export function renewalClock(currentPeriodEnd: string | undefined): Date {
  const end = Date.parse(currentPeriodEnd ?? '');
  if (Number.isNaN(end)) throw new Error(`renewalClock needs the period's end, got ${String(currentPeriodEnd)}`);
  return new Date(end + 2 * DAY_MS);
}

/** 10:00 UTC on the Tuesday that pays the payout week (Monday to Sunday) holding `after` (docs/money.md "Payouts"). */
export function payoutTuesday(after: Date): Date {
  if (Number.isNaN(after.getTime())) throw new Error('payoutTuesday needs a valid date');
  // The Tuesday after the end of `after`'s payout week (Monday to Sunday): eight days after that Monday.
  const sinceMonday = (after.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate() - sinceMonday + 8, 10));
}

/**
 * The other pair, made through the API (the journey is about the first one): a creator with a
 * profile, signed in on `creator`, and a guest's monthly support to them from `guestEmail`.
 */
export async function otherPair(creator: APIRequestContext, guest: APIRequestContext, { amount }: { amount: number }) {
  const stamp = unique();
  const account = {
    email: `e2e-other-creator-${stamp}@example.com`,
    password: 'other password 123',
    username: `other_${stamp}`,
  };
  const signUp = await creator.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      name: 'Olive Other',
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      role: 'creator',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const profile = await creator.post('/api/creator-profile', {
    headers: csrf,
    data: {
      displayName: 'Olive Other',
      username: account.username,
      bio: 'The other creator of the journey.',
      creatorType: 'other',
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const guestEmail = `e2e-other-bro-${stamp}@example.com`;
  await monthlyGuestSupport(guest, account.username, { amount, email: guestEmail, name: 'Oscar Other' });
  return { ...account, guestEmail };
}

/**
 * The focused element shows where focus is: it matches :focus-visible and draws an outline or a
 * box shadow there (the kit's focus ring). Returns a description for the failure message.
 */
export async function expectFocusVisible(page: Page, what: string) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { ok: false, describe: 'nothing focused' };
    const style = getComputedStyle(element);
    const outlined = (s: CSSStyleDeclaration) => s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    // A field inside a wrapper (a prefix like "@") may draw the ring on the wrapper with :focus-within.
    let wrapper: Element | null = element.parentElement;
    let wrapperRing = false;
    for (let depth = 0; wrapper && depth < 3 && !wrapperRing; depth += 1, wrapper = wrapper.parentElement) {
      wrapperRing = wrapper.matches(':focus-within') && outlined(getComputedStyle(wrapper));
    }
    const describe = `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" outline=${style.outlineStyle} ${style.outlineWidth} shadow=${style.boxShadow}`;
    return { ok: element.matches(':focus-visible') && (outlined(style) || shadow || wrapperRing), describe };
  });
  expect(focus.ok, `focus is visible on ${what}: ${focus.describe}`).toBe(true);
}

/** Whether the element with focus is one of the locator's elements (reads the page; moves nothing). */
export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab with `backwards`) until one of the locator's elements has focus, as a
 * keyboard user does, then checks that focus is visible there. Fails if it is never reached.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  what: string,
  { backwards = false, max = 80, visible = true } = {},
) {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) {
      if (visible) await expectFocusVisible(page, what);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${what} in ${max} presses`);
}

/** Tabs to a field and types into it (what a keyboard user does for every text field). */
export async function typeInto(page: Page, field: Locator, what: string, text: string) {
  await tabTo(page, field, what);
  await page.keyboard.type(text);
}

/**
 * The people of one journey: the creator (allowed to use the clipboard on this site, as a person allows
 * it when the browser asks) and the visitor who becomes a supporter, each in their own browser context,
 * with fresh names made from `prefix`.
 */
export async function startJourney(browser: Browser, baseURL: string | undefined, prefix: string) {
  const stamp = unique();
  const creatorContext = await browser.newContext();
  await creatorContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const visitorContext = await browser.newContext();
  return {
    username: `${prefix}_${stamp}`,
    creatorEmail: `e2e-${prefix}-creator-${stamp}@example.com`,
    supporterEmail: `e2e-${prefix}-bro-${stamp}@example.com`,
    password: `${prefix} password 123`,
    creatorContext,
    creator: await creatorContext.newPage(),
    visitorContext,
    visitor: await visitorContext.newPage(),
    /** Whoever runs the jobs: any client of the e2e server (DEV_TOOLS is on there). */
    operator: visitorContext.request,
  };
}

/**
 * Runs the payout job twice on the Tuesday after `after` and proves the creator was paid exactly once,
 * all of their net earnings. Returns the amount paid.
 */
export async function expectPaidOnceByTwoPayoutRuns(
  operator: APIRequestContext,
  creator: APIRequestContext,
  after: Date,
): Promise<number> {
  const { netCents } = (await creatorDashboard(creator)).totalEarnings;
  const tuesday = payoutTuesday(after);
  const first = await runJob(operator, 'payouts', tuesday);
  expect(first.result).toMatchObject({ errors: 0 });
  expect(Number(first.result.paid)).toBeGreaterThanOrEqual(1);
  const second = await runJob(operator, 'payouts', new Date(tuesday.getTime() + 3_600_000));
  expect(second.result).toMatchObject({ weekStart: first.result.weekStart, paid: 0, errors: 0 });
  const payouts = await creatorPayouts(creator);
  expect(payouts.payouts).toEqual([
    expect.objectContaining({ status: 'paid', amountCents: netCents, weekStart: first.result.weekStart }),
  ]);
  expect(payouts.balanceCents).toBe(0);
  return netCents;
}

/** One POST the webhook receiver got: its path, headers and raw body. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * A webhook receiver on http://127.0.0.1 (an ephemeral port; the e2e servers run with
 * WEBHOOKS_ALLOW_LOCAL=true): it answers 200 to every POST and keeps what it got. Close it when done.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The check docs/webhooks.md ("Verifying the signature") tells creators to make: Beabro-Signature is `t=<unix seconds>,v1=<hex>`,
 * v1 the HMAC-SHA256 of `${t}.${raw body}` with the endpoint's secret, t within five minutes.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | string[] | undefined,
  rawBody: string,
  toleranceSeconds = 300,
): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'), 'hex');
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A received event's type and parsed body (id, type, data). */
export function webhookEvent(hook: ReceivedWebhook): { id: string; type: string; data: Record<string, unknown> } {
  return JSON.parse(hook.body) as { id: string; type: string; data: Record<string, unknown> };
}
