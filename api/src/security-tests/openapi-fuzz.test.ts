// Property-based fuzz of every operation of the OpenAPI document (and the few hidden HTML pages that
// take input), on the engine of the run (PGlite, or PostgreSQL with TEST_DATABASE_URL). Requests mix
// valid, malformed and hostile path parameters, query strings, bodies (JSON from the operation's
// schema or a factory, not-JSON, multipart uploads) and headers (Origin, the CSRF header, Host, session
// cookies of real and forged sessions). Two properties per request:
//   1. nothing a client sends gets a 5xx;
//   2. a refused request (4xx) changes nothing: every table's content (not only its row count) and the
//      uploads folder are the same before and after, except what ALLOWED_CHANGES lists with its reason.
// Nothing leaves the process: the email sender is off in tests (emails stay in the outbox table) and
// DEV_TOOLS (the job runner) is off; the development mailbox is on (loopback default) and fuzzed too.
// Deterministic: FUZZ_SEED (default below) and FUZZ_RUNS (runs per operation, default 25) replay a run;
// a failure prints the seed, the path (replay just that case with FUZZ_PATH) and the request, and the
// server's error log (LOG_LEVEL=error) shows the stack of a 5xx. FUZZ_STATS=1 prints the statuses seen
// per operation; FUZZ_TRACE=1 every request.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../config/env';
import { abuseReports, users } from '../db/schema';
import { REPORT_REASONS } from '@beabro/shared/api-schemas/operator';
import { fakeOperator, operatorSessionCookie } from '../modules/operator/operator-test-factories';
import { checkoutBody, payCheckout } from '../modules/checkout/checkout-test-factories';
import { onboardingBody } from '../modules/creator-profile/fake-creator';
import { uploadsDir } from '../modules/images/images-service';
import {
  fakeCreator,
  fakeSignedInCreator,
  fakeSupport,
  insertAccount,
  insertCreatorProfile,
} from '../modules/public-profile/public-profile-test-factories';
import { signCancelToken } from '../modules/subscriptions/subscription-link';
import { createTestApp, fakeUser } from '../testing/test-app';
import { settlePasswordResetDeliveries } from '../modules/password-reset/password-reset-routes';
import {
  fuzzRequestArbitrary,
  uploadBody,
  type FuzzContext,
  type KnownValues,
  type ValidBodies,
} from './fuzz-arbitraries';
import { describeRequest, toInjectOptions, type FuzzRequest } from './fuzz-request';
import { listApiOperations, STATE_CHANGING_METHODS, type ApiOperation } from './openapi-operations';
import {
  freshIp,
  latestSubscriptionId,
  latestVerificationToken,
  sessionCookie,
  tiersBody,
  uuidFromNumber,
} from './security-fixtures';
import { ALL_TABLES, changedTables, fingerprintTables, listFiles } from './table-fingerprint';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SHARED_IP = '10.199.0.1';
const PASSWORD = 'correct horse battery';

/**
 * What a refused request may change, and why; anything else is a partial write. `'*'` is every
 * operation and every 4xx. page_views is not here on purpose: a refused request must not count a view.
 */
const ALLOWED_CHANGES: Array<{ operation: string; statuses: number[] | '*'; table: string; why: string }> = [
  {
    operation: '*',
    statuses: '*',
    table: 'rate_limits',
    why: 'every attempt counts against the limits, refused ones included: that is what stops guessing',
  },
  {
    operation: '*',
    statuses: '*',
    table: 'rate_limit_backoffs',
    why: 'the sign-in backoff counts failed attempts by design',
  },
  {
    operation: 'POST /api/creators/{username}/supports',
    statuses: [402],
    table: 'payment_attempts',
    why: 'a declined card is recorded under its idempotency key, so a retry gets the same answer instead of a second charge',
  },
  {
    operation: 'POST /api/creators/{username}/supports',
    statuses: [402],
    table: 'sandbox_charges',
    why: "the sandbox provider's own record of the declined charge",
  },
  {
    operation: 'POST /api/creators/{username}/supports',
    statuses: [402],
    table: 'sandbox_payment_methods',
    why: "the sandbox provider's record of the card it declined",
  },
  {
    operation: 'POST /api/auth/sign-up',
    statuses: [400],
    table: 'email_outbox',
    why: 'a sign-up with an address that has an account emails its owner (once a day) that someone tried',
  },
];

function allowedChange(operation: ApiOperation, status: number, table: string): boolean {
  return ALLOWED_CHANGES.some(
    (a) =>
      a.table === table &&
      (a.operation === '*' || a.operation === operation.key) &&
      (a.statuses === '*' || a.statuses.includes(status)),
  );
}

/** Pages outside the OpenAPI document (hidden: they serve HTML) that take input all the same. */
const HIDDEN_OPERATIONS: ApiOperation[] = [
  hiddenGet('/verify-email', [], ['token']),
  hiddenGet('/subscriptions/cancel', [], ['token']),
  hiddenGet('/dev/mailbox/{id}', ['id'], []),
];

function hiddenGet(path: string, pathParams: string[], query: string[]): ApiOperation {
  return {
    method: 'GET',
    path,
    key: `GET ${path}`,
    pathParams: pathParams.map((name) => ({ in: 'path', name, required: true, schema: { type: 'string' } })),
    queryParams: query.map((name) => ({ in: 'query', name, schema: { type: 'string' } })),
    jsonBody: null,
    documentedStatuses: new Set([200, 400, 404]),
  };
}

// The app and its operations exist before the tests are collected: one test per operation, generated
// from the document, so a new route is fuzzed with no edit here. Errors are logged so that a 5xx
// shows its stack next to the failing request.
const t = await createTestApp({ LOG_LEVEL: 'error' });
afterAll(() => t.close());
const db = t.database.db;
const operations = [...(await listApiOperations(t.app)), ...HIDDEN_OPERATIONS];

// Seed: a supporter and a creator who sign in, more creators (one deleted), supports, a monthly
// support with its cancel link, an uploaded image and a verification link.
const signedIn = {
  supporter: await fakeUser(t, { role: 'supporter', password: PASSWORD }),
  creator: await fakeSignedInCreator(t, { goalTitle: 'A van', goalAmountCents: 100_000, country: 'US' }),
};
const { supporter, creator } = signedIn;
const others = [
  await fakeCreator(db, { creatorType: 'artist' }),
  await fakeCreator(db, { displayName: 'Zoë 🙂 Ünïcode' }),
];
const deleted = await insertCreatorProfile(db, (await insertAccount(db, { deletedAt: new Date(), email: null })).id, {
  deletedAt: new Date(),
});
await fakeSupport(db, creator.profile.userId, { message: 'Keep going', supporterUserId: supporter.user.id });
await fakeSupport(db, creator.profile.userId, { isAnonymous: true, amountCents: 2_500 });
const subscribed = await payCheckout(
  supporter.client,
  creator.profile.username,
  checkoutBody({ isRecurring: true, amount: 25, email: supporter.email }),
);
if (subscribed.statusCode !== 200)
  throw new Error(`seeding a monthly support failed: ${subscribed.statusCode} ${subscribed.body}`);
const subscriptionId = await latestSubscriptionId(db, supporter.user.id);
const cancelToken = signCancelToken(resolveAppSecret(t.app.config), subscriptionId);
const verificationToken = await latestVerificationToken(db, supporter.email);
const upload = uploadBody();
const uploaded = await creator.client.request({
  method: 'POST',
  url: '/api/creator-profile/images/profile',
  headers: { 'content-type': upload.contentType },
  payload: upload.bytes,
});
if (uploaded.statusCode !== 200) throw new Error(`seeding an image failed: ${uploaded.statusCode} ${uploaded.body}`);
const uploadedFile = (uploaded.json() as { profile: { profileImageUrl: string } }).profile.profileImageUrl.replace(
  '/uploads/',
  '',
);
const imagesDir = uploadsDir(t.app.config.dataDir);
// A webhook endpoint of the signed-in creator (an IP address literal: no DNS needed).
const webhook = await creator.client.post('/api/creator/webhooks/endpoints', {
  url: 'https://203.0.114.30/hooks',
  events: ['support.created'],
});
if (webhook.statusCode !== 201)
  throw new Error(`seeding a webhook endpoint failed: ${webhook.statusCode} ${webhook.body}`);
const webhookEndpointId = (webhook.json() as { endpoint: { id: string } }).endpoint.id;
// A published post of the signed-in creator, for supporters.
const seededPost = await creator.client.post('/api/creator/posts', {
  title: 'Seeded post',
  bodyMarkdown: 'For **supporters**.',
  audience: 'supporters',
  publish: true,
});
if (seededPost.statusCode !== 201)
  throw new Error(`seeding a post failed: ${seededPost.statusCode} ${seededPost.body}`);
const post = (seededPost.json() as { post: { id: string; slug: string } }).post;
// The operator console: an operator (two-factor on, signed in with a code), the creator its routes act on (not one
// of the signed-in actors, so a suspension does not change what the other operations reach), and a report of them.
const operator = await fakeOperator(t);
const operatorTarget = await fakeSignedInCreator(t);
await fakeSupport(db, operatorTarget.profile.userId, { message: 'For the operator target' });
const reported = await t.client().post('/api/reports', { username: operatorTarget.profile.username, reason: 'spam' });
if (reported.statusCode !== 202) throw new Error(`seeding a report failed: ${reported.statusCode} ${reported.body}`);
const [seededReport] = await db.select({ id: abuseReports.id }).from(abuseReports);
if (!seededReport) throw new Error('the seeded report is missing');

const known: KnownValues = {
  username: [
    creator.profile.username,
    creator.profile.username.toUpperCase(),
    ` ${creator.profile.username} `,
    ...others.map((o) => o.username),
    deleted.username,
    'nobody_here',
  ],
  id: [subscriptionId, creator.profile.userId, post.id, uuidFromNumber(1)],
  post: [post.slug, post.id, 'SEEDED-POST', 'no-such-post'],
  supportId: [(subscribed.json() as { receipt: { supportId: string } }).receipt.supportId, uuidFromNumber(2)],
  kind: ['profile', 'cover'],
  endpointId: [webhookEndpointId, uuidFromNumber(2)],
  url: [
    'https://203.0.114.31/x',
    'http://127.0.0.1:9/x',
    'https://[::ffff:10.0.0.1]/x',
    'https://169.254.169.254/latest',
    'ftp://example.com',
  ],
  events: [['support.created'], [], ['nope']],
  file: [uploadedFile],
  token: [cancelToken, verificationToken, `${cancelToken}x`, `${subscriptionId}.`],
  email: [supporter.email, creator.email, 'new.address@example.com', 'UPPER@EXAMPLE.COM'],
  password: [PASSWORD, 'wrong password here'],
  currentPassword: [PASSWORD, 'wrong password here'],
  newPassword: ['another good password'],
  confirmPassword: ['another good password', PASSWORD],
  idempotencyKey: [uuidFromNumber(7)],
  period: ['7d', '30d', '90d', '1y'],
  q: ['creator', 'Zoë', '%', '_'],
  userId: [operatorTarget.user.id, uuidFromNumber(3)],
  reportId: [seededReport.id, uuidFromNumber(4)],
  domain: ['spam-farm.test', 'example.com'],
  key: ['sign-in:ip:10.0.0.1', 'nothing:here'],
  status: ['open', 'closed'],
  before: ['1', '50'],
  reason: ['Fuzz reason', ' '],
};

const validBodies: ValidBodies = {
  'POST /api/auth/sign-up': (n) => ({
    name: `Fuzz ${n}`,
    email: `fuzz${n}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    role: n % 2 ? 'creator' : 'supporter',
  }),
  'POST /api/auth/sign-in': (n) => ({
    email: n % 2 ? signedIn.supporter.email : signedIn.creator.email,
    password: n % 3 ? 'wrong password here' : PASSWORD,
  }),
  'POST /api/auth/password-reset': (n) => ({
    email: n % 2 ? signedIn.supporter.email : `nobody${n}@example.com`,
  }),
  'POST /api/auth/password-reset/confirm': (n) => ({
    token: n % 2 ? verificationToken : cancelToken,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  }),
  'PATCH /api/account/email': (n) => ({
    email: `changed${n}@example.com`,
    password: n % 4 ? 'wrong password here' : PASSWORD,
  }),
  'PATCH /api/account/password': (n) => ({
    currentPassword: n % 4 ? 'wrong password here' : PASSWORD,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
  }),
  'DELETE /api/account/': () => ({ password: 'wrong password here' }),
  'PATCH /api/account/notifications': (n) => ({ newSupport: n % 2 === 0, goalReached: n % 3 === 0 }),
  'POST /api/creator-profile/': (n) => onboardingBody({ username: `fuzz_${n % 100_000}` }),
  'PATCH /api/creator-profile/': (n) => ({
    bio: `Bio ${n}`,
    showEarnings: n % 2 === 0,
    goalAmount: n % 500,
    minimumAmount: 1 + (n % 20),
  }),
  'PUT /api/creator-profile/tiers': (n) => tiersBody(` ${n % 10}`),
  'POST /api/creators/{username}/supports': (n) =>
    checkoutBody({
      amount: 1 + (n % 300),
      email: `giver${n}@example.com`,
      isRecurring: n % 3 === 0,
      idempotencyKey: uuidFromNumber(n),
      tierPosition: n % 5 === 0 ? n % 4 : null,
    }),
  'POST /api/creator-profile/images/{kind}': () => uploadBody(),
  'POST /api/creators/{username}/views': (n) => ({ page: n % 2 ? 'profile' : 'support' }),
  'POST /api/subscriptions/cancel-by-link': () => ({ token: cancelToken }),
  'POST /api/subscriptions/card-by-link': () => ({ token: cancelToken }),
  'POST /api/help/contact': (n) => ({
    name: `Asker ${n}`,
    email: `asker${n}@example.com`,
    topic: 'general',
    message: `Question ${n}`,
  }),
  'POST /api/auth/verify-email': () => ({ token: verificationToken }),
  'POST /api/creator/webhooks/endpoints': (n) => ({
    url: `https://203.0.114.${n % 250}/hooks/${n}`,
    description: `Fuzz ${n}`,
    events: ['support.created', 'payout.paid'],
  }),
  'PATCH /api/creator/webhooks/endpoints/{endpointId}': (n) => ({ description: `Fuzz ${n}`, enabled: n % 2 === 0 }),
  'POST /api/creator/posts': (n) => ({
    title: `Fuzz post ${n}`,
    bodyMarkdown: `Body ${n} with a [link](https://example.com/${n})`,
    audience: ['everyone', 'supporters', 'monthly', 'tier'][n % 4],
    minTierPosition: n % 4 === 3 ? n % 4 : null,
    earlyAccessDays: n % 4 === 1 ? 1 + (n % 30) : null,
    publish: n % 2 === 0,
  }),
  'PATCH /api/creator/posts/{id}': (n) => ({ title: `Fuzz edit ${n}`, audience: n % 2 ? 'everyone' : 'supporters' }),
  'PUT /api/creator/posts/{id}/pin': (n) => ({ pinned: n % 2 === 0 }),
  'POST /api/creator/posts/images': () => uploadBody(),
  'POST /api/posts/unsubscribe': (n) => ({ token: n % 2 ? cancelToken : `${cancelToken}x` }),
  'POST /api/reports': (n) => ({
    username: operatorTarget.profile.username,
    reason: REPORT_REASONS[n % REPORT_REASONS.length],
    ...(n % 2 ? { email: `reporter${n}@example.com`, message: `Report ${n}` } : {}),
  }),
  'POST /api/operator/people/{userId}/suspend': (n) => ({ reason: `Fuzz suspension ${n}` }),
  'POST /api/operator/people/{userId}/lift': (n) => ({ reason: `Fuzz lift ${n}` }),
  'PUT /api/operator/settings': (n) => ({ reviewThresholdCents: (n % 100) * 1000, reviewHoldDays: n % 30 }),
  'POST /api/operator/reports/{reportId}/resolve': (n) => ({
    action: ['hide', 'dismiss', 'suspend'][n % 3],
    reason: `Fuzz ${n}`,
  }),
  'POST /api/operator/email/blocked-domains': (n) => ({ domain: `blocked${n}.test` }),
  'POST /api/operator/limits/unblock': (n) => ({ key: n % 2 ? 'sign-in:ip:10.0.0.1' : `nothing:${n}` }),
};

const context: FuzzContext = { known, validBodies, ownOrigin: 'http://localhost' };

/** Earlier operations replace images and spend links: known values are refreshed before each operation. */
async function refreshKnownValues() {
  known.file = [...(await listFiles(imagesDir)), 'ffffffffffffffffffffffffffffffff.png', '..%2Fpackage.json'];
}

/** A cookie for the request's actor: a new session each time, so a sign-out or password change in one request does not leak into the next. */
async function cookieFor(request: FuzzRequest): Promise<string | null> {
  if (request.actor === 'visitor') return null;
  if (request.actor === 'forged-cookie') return request.forgedCookie;
  if (request.actor === 'operator') return operatorSessionCookie(db, operator.user.id);
  return sessionCookie(db, signedIn[request.actor].user.id);
}

async function send(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse | null> {
  try {
    const res = await t.app.inject(options);
    // Work a route does once its answer is sent (a reset link queued) belongs to that request, not the next one's.
    await settlePasswordResetDeliveries(t.app);
    return res;
  } catch (error) {
    // light-my-request refuses what no HTTP client could send (a header with a newline, say): not the server's doing.
    if (
      error instanceof TypeError &&
      /header|URL|ERR_INVALID_CHAR/i.test(`${error.message} ${(error as { code?: string }).code}`)
    )
      return null;
    throw error;
  }
}

/** A request with the right password may delete the account it is signed in as: make a new one, so later requests still have both. */
async function keepSignedInAccounts() {
  const [supporterRow] = await db
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, signedIn.supporter.user.id));
  if (supporterRow?.deletedAt) signedIn.supporter = await fakeUser(t, { role: 'supporter', password: PASSWORD });
  const [creatorRow] = await db
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, signedIn.creator.user.id));
  if (creatorRow?.deletedAt) signedIn.creator = await fakeSignedInCreator(t);
}

/** Status codes seen per operation (0: a request light-my-request refused to build), printed with FUZZ_STATS=1 to see what the generators reach. */
const statusesSeen: Record<string, Record<number, number>> = {};
afterAll(() => {
  if (process.env.FUZZ_STATS)
    console.info(
      Object.entries(statusesSeen)
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
        .join('\n'),
    );
});

async function checkRequest(operation: ApiOperation, request: FuzzRequest): Promise<void> {
  const stateChanging = STATE_CHANGING_METHODS.has(operation.method);
  const options = toInjectOptions(
    operation,
    request,
    await cookieFor(request),
    request.sharedIp ? SHARED_IP : freshIp(),
  );
  const before = stateChanging ? await fingerprintTables(db, ALL_TABLES) : null;
  const filesBefore = stateChanging ? await listFiles(imagesDir) : null;
  const res = await send(options);
  const seen = (statusesSeen[operation.key] ??= {});
  if (!res) {
    seen[0] = (seen[0] ?? 0) + 1;
    return;
  }
  if (process.env.FUZZ_TRACE)
    console.info(`${res.statusCode} ${describeRequest(options)} -> ${res.body.slice(0, 160)}`);
  seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
  const where = `${operation.key}: ${describeRequest(options)}`;

  if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)} for ${where}`);

  if (before && filesBefore && res.statusCode >= 400) {
    const after = await fingerprintTables(db, ALL_TABLES);
    const changed = changedTables(before, after).filter((table) => !allowedChange(operation, res.statusCode, table));
    if (changed.length > 0)
      throw new Error(
        `partial write: ${res.statusCode} ${res.body.slice(0, 200)} but changed ${changed.join(', ')}, for ${where}`,
      );
    const filesAfter = await listFiles(imagesDir);
    if (filesAfter.join() !== filesBefore.join())
      throw new Error(`partial write: ${res.statusCode} but the uploads folder changed, for ${where}`);
  }
  if (stateChanging && res.statusCode < 300) await keepSignedInAccounts();
}

describe(`fuzzing every operation of the OpenAPI document (${process.env.TEST_DB ?? 'pglite'}, seed ${SEED}, ${RUNS} runs each)`, () => {
  it('finds the operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  for (const operation of operations) {
    it(`${operation.key}: no 5xx, and a refused request changes nothing`, { timeout: 120_000 }, async () => {
      await refreshKnownValues();
      await fc.assert(
        fc.asyncProperty(fuzzRequestArbitrary(operation, context), (request) => checkRequest(operation, request)),
        {
          numRuns: RUNS,
          seed: SEED,
          endOnFailure: true,
          ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
        },
      );
    });
  }
});
