import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { creatorDashboard, creatorPayouts, DAY_MS, otherPair, payoutTuesday, unique } from './support/journeys';
import { cluster, type ClusterInstance, type ClusterState } from './support/cluster';
import { REPO_ROOT, runPnpm } from './support/releases';
import { expect, test } from './support/test';
import { csrf } from './support/csrf';

/*
 * Many instances, one site (docs/deployment.md, "Running at scale"): e2e/start-cluster.mjs runs two API instances
 * (api-1, api-2) on one PostgreSQL database, with one shared DATA_DIR and RELEASES_DIR, behind nginx
 * (round-robin). The 'cluster-journey' project has just run the mouse journey through nginx and
 * SIGKILLed api-2 half-way; these tests start it again, then prove, instance by instance (each
 * instance's own address, so which one answers is certain), what must hold however many run.
 */

// Set by playwright.config.ts: why the cluster is not started (no TEST_DATABASE_URL, or no nginx), or empty.
test.skip(Boolean(process.env.E2E_CLUSTER_SKIPPED), process.env.E2E_CLUSTER_SKIPPED);
test.describe.configure({ mode: 'serial' });

let state: ClusterState;
let one: ClusterInstance;
let two: ClusterInstance;

test.beforeAll(async () => {
  state = await cluster.state();
  [one, two] = state.instances as [ClusterInstance, ClusterInstance];
});

const instanceOf = (res: APIResponse) => res.headers()['x-instance-id'];

async function signUp(request: APIRequestContext, origin: string, role: 'creator' | 'supporter') {
  const stamp = unique();
  const account = {
    name: 'Casey Cluster',
    email: `e2e-cluster-${stamp}@example.com`,
    password: 'cluster password 123',
  };
  const res = await request.post(`${origin}/api/auth/sign-up`, {
    headers: csrf,
    data: { ...account, confirmPassword: account.password, role },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...account, username: `cluster_${stamp}` };
}

const me = async (request: APIRequestContext, origin: string) =>
  ((await (await request.get(`${origin}/api/auth/me`)).json()) as { user: { email: string } | null }).user;

test('the instance killed mid-journey starts again and nginx sends it requests again', async ({ request }) => {
  // The journey (the project this one depends on) ran with api-2 killed half-way and finished through api-1.
  expect(two.kills).toBeGreaterThanOrEqual(1);
  expect(two.running).toBe(false);
  const restarted = await cluster.start(two.id);
  expect(restarted.instances.every((instance) => instance.running)).toBe(true);
  // nginx takes a failed instance back after its fail_timeout (5 s): until then api-1 answers everything.
  const answered = new Set<string | undefined>();
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/health');
        expect(res.status()).toBe(200);
        answered.add(instanceOf(res));
        return [...answered].sort();
      },
      { timeout: 20_000 },
    )
    .toEqual([one.id, two.id]);
});

test('a session made on one instance is valid on the other, and signing out on one ends it on both', async ({
  playwright,
}) => {
  const person = await playwright.request.newContext();
  try {
    const account = await signUp(person, one.url, 'supporter');
    expect((await me(person, two.url))?.email).toBe(account.email);
    // Through nginx, each instance answers in turn, and each knows the session.
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 4; i += 1) {
      const res = await person.get('/api/auth/me');
      expect(((await res.json()) as { user: { email: string } | null }).user?.email).toBe(account.email);
      seen.add(instanceOf(res));
    }
    expect([...seen].sort()).toEqual([one.id, two.id]);
    expect((await person.post(`${two.url}/api/auth/sign-out`, { headers: csrf })).status()).toBe(204);
    expect(await me(person, one.url)).toBeNull();
  } finally {
    await person.dispose();
  }
});

test('a profile change made through one instance shows at once through the other, in the API and the server-rendered page', async ({
  playwright,
}) => {
  const creator = await playwright.request.newContext();
  const visitor = await playwright.request.newContext();
  try {
    const { username } = await signUp(creator, one.url, 'creator');
    const created = await creator.post(`${one.url}/api/creator-profile`, {
      headers: csrf,
      data: { displayName: 'Casey Cluster', username, bio: 'Before the change.', creatorType: 'other' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const bioOn = async (instance: ClusterInstance) =>
      ((await (await visitor.get(`${instance.url}/api/creators/${username}`)).json()) as { bio: string }).bio;
    const pageOn = async (instance: ClusterInstance) =>
      (await (await visitor.get(`${instance.url}/${username}`)).text()).replace(/<!-- -->/g, '');
    // api-2 has read (and cached) the profile, as an anonymous visitor's page and as JSON.
    expect(await bioOn(two)).toBe('Before the change.');
    expect(await bioOn(two)).toBe('Before the change.');
    expect(await pageOn(two)).toContain('Before the change.');

    const changed = await creator.patch(`${one.url}/api/creator-profile`, {
      headers: csrf,
      data: { bio: 'After the change.' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    // The very next reads on api-2, with no wait: the new bio.
    expect(await bioOn(two)).toBe('After the change.');
    const html = await pageOn(two);
    expect(html).toContain('After the change.');
    expect(html).not.toContain('Before the change.');
  } finally {
    await creator.dispose();
    await visitor.dispose();
  }
});

test('rate limits count across instances: wrong passwords sent to one and to the other add up', async ({
  playwright,
}) => {
  const person = await playwright.request.newContext();
  try {
    const account = await signUp(person, one.url, 'supporter');
    expect((await person.post(`${one.url}/api/auth/sign-out`, { headers: csrf })).status()).toBe(204);
    const signIn = (instance: ClusterInstance, password: string) =>
      person.post(`${instance.url}/api/auth/sign-in`, { headers: csrf, data: { email: account.email, password } });
    // Five wrong passwords from one network for one account (the limit, docs/security.md "Sign-in limits"), split over both instances.
    for (const instance of [one, two, one, two, one])
      expect((await signIn(instance, 'wrong password 123')).status()).toBe(401);
    // The sixth attempt is refused on either instance, even with the right password.
    for (const instance of [two, one]) {
      const refused = await signIn(instance, account.password);
      expect(refused.status()).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^Too many attempts\. Please try again in /,
      );
    }
  } finally {
    await person.dispose();
  }
});

/** Both instances run one job at the same clock at the same moment; each answers 200 (it ran) or 409 (the other one held the lock). */
async function runOnBoth(request: APIRequestContext, name: 'renewals' | 'payouts', now: Date) {
  const answers = await Promise.all(
    [one, two].map((instance) =>
      request.post(`${instance.url}/api/dev/jobs/${name}`, { headers: csrf, data: { now: now.toISOString() } }),
    ),
  );
  const ran: Array<Record<string, number | string>> = [];
  for (const res of answers) {
    expect([200, 409], await res.text()).toContain(res.status());
    if (res.status() === 200) ran.push(((await res.json()) as { result: Record<string, number | string> }).result);
    else expect(((await res.json()) as { message: string }).message).toContain('already running');
  }
  expect(ran.length).toBeGreaterThanOrEqual(1);
  return ran;
}

test('the renewal and payout jobs run once per period, however many instances run them at once', async ({
  playwright,
}) => {
  test.setTimeout(60_000);
  const creator = await playwright.request.newContext();
  const guest = await playwright.request.newContext();
  try {
    // A creator (paid out in the US) with a guest's $7 monthly support, made through nginx.
    await otherPair(creator, guest, { amount: 7 });
    expect((await creator.patch('/api/creator-profile', { headers: csrf, data: { country: 'US' } })).status()).toBe(
      200,
    );
    const charges = async () =>
      (await creatorDashboard(creator)).recentSupports
        .map((s) => `${s.amountCents}${s.isRenewal ? ' renewal' : ''}`)
        .sort();
    expect(await charges()).toEqual(['700']);

    // 35 days on, the month has ended: both instances run the renewals at once, then again an hour later.
    const renewal = new Date(Date.now() + 35 * DAY_MS);
    const first = await runOnBoth(creator, 'renewals', renewal);
    // Whichever ran first renewed what was due; a run after it found nothing left.
    expect(first.filter((result) => Number(result.renewed) > 0)).toHaveLength(1);
    expect(first.every((result) => Number(result.errors) === 0)).toBe(true);
    const again = await runOnBoth(creator, 'renewals', new Date(renewal.getTime() + 3_600_000));
    expect(again.every((result) => Number(result.renewed) === 0)).toBe(true);
    expect(await charges()).toEqual(['700', '700 renewal']);

    // The Tuesday after: both instances run the payouts at once, then again an hour later; one payout of the whole net.
    const { netCents } = (await creatorDashboard(creator)).totalEarnings;
    const tuesday = payoutTuesday(renewal);
    const paid = await runOnBoth(creator, 'payouts', tuesday);
    expect(paid.filter((result) => Number(result.paid) > 0)).toHaveLength(1);
    await runOnBoth(creator, 'payouts', new Date(tuesday.getTime() + 3_600_000));
    const payouts = await creatorPayouts(creator);
    expect(payouts.payouts).toEqual([expect.objectContaining({ status: 'paid', amountCents: netCents })]);
    expect(payouts.balanceCents).toBe(0);
  } finally {
    await creator.dispose();
    await guest.dispose();
  }
});

test('a deploy of one remote is seen by every instance at once (one shared RELEASES_DIR)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const version = `cluster-${unique()}`;
  const deploy = (...args: string[]) =>
    runPnpm(['deploy:remote', 'mf-help', ...args], { DATA_DIR: state.dataDir, RELEASES_DIR: state.releasesDir });
  const liveHelp = async (instance: ClusterInstance) =>
    ((await (await request.get(`${instance.url}/remotes.json`)).json()) as Record<string, string>)['mf-help'];
  const manifest = `/releases/mf-help/${version}/mf-manifest.json`;
  // A release built elsewhere (a CI job) lands in the shared release storage; deploy:remote makes it live
  // without building (the path a rollback takes; deploy-remote.spec.ts covers the build itself).
  await cp(path.join(REPO_ROOT, 'mf-help', 'dist'), path.join(state.releasesDir, 'mf-help', version), {
    recursive: true,
  });
  try {
    expect(await deploy('--version', version)).toContain(`mf-help ${version} is live again`);
    for (const instance of [one, two]) {
      expect(await liveHelp(instance)).toBe(manifest);
      expect((await request.get(`${instance.url}${manifest}`)).status()).toBe(200);
    }
    // Through nginx, the help centre loads from the release, whichever instance serves each file.
    const loaded: string[] = [];
    page.on('request', (req) => loaded.push(new URL(req.url()).pathname));
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
    expect(loaded.some((file) => file.startsWith(`/releases/mf-help/${version}/`))).toBe(true);
  } finally {
    await deploy('--reset');
  }
  for (const instance of [one, two]) expect(await liveHelp(instance)).toBe('/remotes/mf-help/mf-manifest.json');
});

test('nothing was lost: every email of the run was sent exactly once, and the ledger holds', async () => {
  test.setTimeout(60_000);
  // The senders of both instances share the outbox (SKIP LOCKED); wait for them to finish.
  await expect.poll(async () => (await cluster.pending()).emails, { timeout: 30_000 }).toBe(0);
  const outbox = await cluster.outbox();
  // The journey and these tests sent receipts, verifications, renewal and payout emails.
  expect(outbox.length).toBeGreaterThan(5);
  expect(outbox.filter((row) => !row.sentAt || row.failedAt)).toEqual([]);
  // Each email was claimed once (a second claim would count a second attempt)...
  expect(outbox.filter((row) => row.attempts !== 1)).toEqual([]);
  // ...and the SMTP server got each exactly once (the Message-ID names the outbox row), and nothing else.
  const received = new Map<string, number>();
  for (const message of await cluster.mail()) {
    const id = /^<([0-9a-f-]{36})@/.exec(message.messageId ?? '')?.[1] ?? `unknown ${message.messageId}`;
    received.set(id, (received.get(id) ?? 0) + 1);
  }
  expect(Object.fromEntries(received)).toEqual(Object.fromEntries(outbox.map((row) => [row.id, 1])));

  // The ledger integrity check (docs/money.md, "The ledger") over the whole run's database.
  const report = await runPnpm(['--filter', 'api', 'integrity-check'], { DATABASE_URL: state.databaseUrl });
  expect(report).toMatch(/Ledger integrity: OK \([1-9]\d* supports, [1-9]\d* payouts, \d+ refunds checked\)/);
});
