// Authorization matrix, generated from the route table (the app's own OpenAPI document): every route
// is classified by ROUTE_RULES below and run as a visitor (no cookie), a supporter (signed in, who
// supports the owner), another creator, and the owner of the data, with fresh data for the owner of each private
// route. A route no rule classifies fails the first test: classify it, so nobody forgets a new route.
//
// The rule (first match wins):
// - development: /api/dev/*, registered only with DEV_MAILBOX / DEV_TOOLS (never in production); not
//   in the matrix, and checked to be absent when those are off.
// - capability: the cancel link of a receipt (cancel, pause, resume, change), the link confirming a raise asked through it,
//   and the email verification link. No session: the secret
//   token authorizes. Everyone with a forged token gets 4xx and changes nothing; the link's holder gets 2xx.
// - own-resource: /api/subscriptions/* (but the cancel link) and a creator's refund of a support: an id
//   in the path that must be the caller's. Visitor 401; anyone else 404, nothing changed; owner 2xx.
// - own: /api/account*, /api/creator-profile*, /api/creator/* (dashboard, payouts, analytics),
//   /api/supporter/*, and /api/creators/{username}/follow (the caller's own follow). Sign-in required:
//   visitor 401; a cross-site request with the owner's cookie 403; another user gets 4xx or a 2xx about
//   themselves (nothing of the owner's in it: the supporter may see the owner's public name only) and
//   changes nothing of the owner's; owner 2xx, or the 4xx documented in ROUTE_REQUESTS.
// - session: sign-out and "who am I": the caller's own session; a visitor gets an empty answer.
// - operator: /api/operator/*, the operator console. Visitor 401; a supporter or creator 403; an operator whose
//   session did not pass a two-factor sign-in 403; cross-site with the operator's cookie 403; the operator 2xx.
// - public: listed one by one (a new route under /api/creators/{username}/ is not public by default):
//   anyone gets an answer below 500, and nobody sees the owner's private data (email, id, anonymous
//   supporters' names and emails, subscription id).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../config/env';
import {
  checkoutBody,
  confirmInFrame,
  moneyDeps,
  payCheckout,
  SUCCEEDING_CARD,
} from '../modules/checkout/checkout-test-factories';
import { onboardingBody } from '../modules/creator-profile/fake-creator';
import {
  fakeCreator,
  fakeSignedInCreator,
  fakeSupport,
  insertCreatorProfile,
} from '../modules/public-profile/public-profile-test-factories';
import { signCancelToken } from '../modules/subscriptions/subscription-link';
import { signConfirmToken } from '../modules/subscriptions/confirm-link';
import { renewSubscription } from '../modules/subscriptions/renewal-service';
import { updateSandboxPaymentMethodBehaviour } from '../modules/payments/sandbox/sandbox-repository';
import { postDeliveries, subscriptionCharges, subscriptions } from '../db/schema';
import { signUnsubscribeToken } from '../modules/posts/post-emails';
import { createTestApp, fakeUser, type TestApp } from '../testing/test-app';
import { systemResolver } from '../modules/webhooks/webhook-address-guard';
import { createEndpoint } from '../modules/webhooks/webhooks-service';
import { percentEncode } from './fuzz-request';
import { RawBody, uploadBody } from './fuzz-arbitraries';
import { fillPath, listApiOperations, STATE_CHANGING_METHODS, type ApiOperation } from './openapi-operations';
import {
  freshIp,
  latestChangeConfirmToken,
  latestSubscriptionId,
  latestVerificationToken,
  sessionCookie,
  tiersBody,
} from './security-fixtures';
import { fingerprintUserData } from './user-data-fingerprint';
import { OPERATOR_REQUESTS } from './operator-requests';
import { fakeOperator, operatorSessionCookie } from '../modules/operator/operator-test-factories';
import { OPERATOR_ONLY_MESSAGE, OPERATOR_TWO_FACTOR_MESSAGE } from '@beabro/shared/api-schemas/operator';

type Access = 'development' | 'capability' | 'own-resource' | 'own' | 'session' | 'operator' | 'public';

const ROUTE_RULES: Array<{ match: RegExp; access: Access; why: string }> = [
  { match: /^\w+ \/api\/dev\//, access: 'development', why: 'development tools, off in production' },
  {
    match: /^\w+ \/api\/operator\//,
    access: 'operator',
    why: 'the operator console: operators only, after a two-factor sign-in',
  },
  {
    match: /^(GET|POST) \/api\/subscriptions\/cancel-by-link$/,
    access: 'capability',
    why: 'the signed cancel link of a receipt email',
  },
  {
    match: /^(GET|POST) \/api\/subscriptions\/confirm$|^POST \/api\/subscriptions\/confirm\/retry$/,
    access: 'capability',
    why: 'the signed link of a "confirm your renewal" email (its page asks the bank again after a failed challenge)',
  },
  {
    match: /^POST \/api\/subscriptions\/(pause|resume|change)-by-link$/,
    access: 'capability',
    why: 'the signed link of a receipt email (its page pauses, resumes and changes the amount too)',
  },
  {
    match: /^POST \/api\/subscriptions\/change-by-link\/confirm$/,
    access: 'capability',
    why: 'the one-time link of a "confirm your new monthly amount" email (a raise asked through the receipt link)',
  },
  {
    match: /^POST \/api\/subscriptions\/card-by-link(\/complete)?$/,
    access: 'capability',
    why: 'the signed link of a receipt or failed-renewal email (its page replaces the card)',
  },
  {
    match: /^POST \/api\/posts\/unsubscribe$/,
    access: 'capability',
    why: 'the signed unsubscribe link of a post email (no sign-in: guests get post emails too)',
  },
  {
    match: /^(GET|POST) \/api\/auth\/verify-email$/,
    access: 'capability',
    why: 'the token of the verification email (GET only describes the link, for its page)',
  },
  {
    match: /^\w+ \/api\/subscriptions\//,
    access: 'own-resource',
    why: "a subscription in the path: the subscriber's only",
  },
  {
    match: /^POST \/api\/creator\/supports\/\{supportId\}\/refunds$/,
    access: 'own-resource',
    why: 'a support in the path: only the creator who received it may refund it',
  },
  {
    match: /^PUT \/api\/creator\/supports\/\{supportId\}\/wall$/,
    access: 'own-resource',
    why: 'a support in the path: only the creator who received it may hide its supporter from their wall',
  },
  { match: /^\w+ \/api\/account(\/|$)/, access: 'own', why: "the signed-in user's account" },
  { match: /^\w+ \/api\/creator-profile(\/|$)/, access: 'own', why: "the signed-in creator's page" },
  { match: /^\w+ \/api\/creator\//, access: 'own', why: "the signed-in creator's figures" },
  { match: /^\w+ \/api\/supporter\//, access: 'own', why: "the signed-in supporter's figures" },
  {
    match: /^(POST|DELETE) \/api\/creators\/\{username\}\/follow$/,
    access: 'own',
    why: "the caller's own follow of a creator",
  },
  { match: /^(POST \/api\/auth\/sign-out|GET \/api\/auth\/me)$/, access: 'session', why: "the caller's own session" },
  {
    match: new RegExp(
      `^(${[
        'GET /api/health',
        'GET /api/ready',
        'GET /api/site-config',
        'POST /api/auth/sign-up',
        'POST /api/auth/sign-in',
        'POST /api/auth/sign-in/two-factor',
        'POST /api/auth/password-reset',
        'POST /api/auth/password-reset/confirm',
        'GET /api/usernames/\\{username\\}/availability',
        'GET /api/creators/\\{username\\}',
        'GET /api/creators/\\{username\\}/wall',
        // Posts: the body only for readers post-access.ts lets read; teasers otherwise.
        'GET /api/creators/\\{username\\}/posts',
        'GET /api/creators/\\{username\\}/posts/\\{post\\}',
        'POST /api/creators/\\{username\\}/supports',
        // Authorized by the intent's client secret (only the page that started the payment has it).
        'POST /api/payments/intents/\\{intentId\\}/complete',
        // Authorized by the provider's signature over the body.
        'POST /api/payments/events',
        // Stripe's events (PAYMENT_PROVIDER=stripe only): authorized by Stripe's signature with the endpoint's secret.
        'POST /api/webhooks/stripe',
        'POST /api/webhooks/stripe-connect',
        'POST /api/creators/\\{username\\}/views',
        'GET /api/discover/',
        'POST /api/help/contact',
        // Reports to the operators: no account needed (rate-limited per IP).
        'POST /api/reports',
        'GET /uploads/\\{file\\}',
        'GET /remotes\\.json',
        'GET /link-preview/default\\.png',
        'GET /',
      ].join('|')})$`,
    ),
    access: 'public',
    why: 'public by design: the site, sign-up and sign-in (its two-factor step is authorized by the challenge in the body), password reset (authorized by the emailed token in the body), public profiles, checkout, search, contact',
  },
];

function classify(operation: ApiOperation) {
  return ROUTE_RULES.find((rule) => rule.match.test(operation.key));
}

const OWNER_PASSWORD = 'owner passphrase 42';

/** The owner of the data a route reads or changes, with everything that identifies them. */
interface Owner {
  id: string;
  email: string;
  username: string;
  /** In their names, username, email, bio and support messages: no one else's answer may hold it. */
  marker: string;
  subscriptionId: string;
  /** A support the owner received through the payment provider (refundable). */
  chargedSupportId: string;
  cancelToken: string;
  /** A card saved through the sandbox's field in setup mode for the owner's subscription (not yet kept). */
  cardSetupId: string;
  /** The link of the email sent when a renewal of the owner's awaits their bank's authentication. */
  confirmToken: string;
  /** The link of the email confirming a raise of the owner's monthly support asked through its receipt link. */
  changeConfirmToken: string;
  verificationToken: string;
  imageFile: string;
  webhookEndpointId: string;
  /** A published post of the owner's (for supporters only) and the unsubscribe link of its email to a supporter. */
  postId: string;
  postSlug: string;
  unsubscribeToken: string;
  /** What even a public page must never show: email, id, anonymous supporters, the subscription. */
  privateMarkers: string[];
}

type Actor = 'visitor' | 'supporter' | 'another creator' | 'owner';

interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Request headers the route needs (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** For capability routes: the same request with forged tokens. */
  forged?: Array<Omit<RouteRequest, 'forged'>>;
  /** The owner's expected status when it is not 2xx, and why. */
  ownerStatus?: { status: number; why: string };
  /** The owner's 2xx answer holds the owner's marker (a positive control for the leak checks). */
  ownerSees?: boolean;
}

/** A valid request per route, made for one owner (and, for public routes, one actor). */
const ROUTE_REQUESTS: Record<string, (owner: Owner, actor: Actor) => RouteRequest> = {
  'PATCH /api/account/email': () => ({
    body: { email: `renamed.${randomBytes(4).toString('hex')}@example.com`, password: OWNER_PASSWORD },
  }),
  'PATCH /api/account/password': () => ({
    body: {
      currentPassword: OWNER_PASSWORD,
      newPassword: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    },
  }),
  'PATCH /api/account/profile': () => ({ body: { displayName: 'Renamed Owner' } }),
  'DELETE /api/account/': () => ({ body: { password: OWNER_PASSWORD } }),
  'PATCH /api/account/notifications': () => ({ body: { newSupport: false, monthlyReport: false } }),
  'POST /api/account/two-factor/enable': () => ({
    body: { password: OWNER_PASSWORD, code: '000000' },
    ownerStatus: {
      status: 400,
      why: 'no set-up was started, so no code can confirm it (the code field says to scan a new QR code)',
    },
  }),
  'POST /api/account/two-factor/disable': () => ({
    body: { password: OWNER_PASSWORD, code: '000000' },
    ownerStatus: { status: 409, why: 'two-factor sign-in is off for the owner' },
  }),
  'POST /api/account/two-factor/recovery-codes': () => ({
    body: { password: OWNER_PASSWORD, code: '000000' },
    ownerStatus: { status: 409, why: 'two-factor sign-in is off for the owner' },
  }),
  'POST /api/auth/password-reset': (o) => ({ body: { email: o.email } }),
  'POST /api/auth/password-reset/confirm': () => ({
    body: {
      token: randomBytes(32).toString('base64url'),
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    },
  }),
  'POST /api/auth/sign-in/two-factor': () => ({
    body: { challenge: randomBytes(32).toString('base64url'), code: '123456' },
  }),
  'POST /api/creator-profile/': () => ({
    body: onboardingBody({ username: bystanderUsername }),
    ownerStatus: { status: 409, why: 'the owner has a creator page already (one per account)' },
  }),
  'GET /api/creator-profile/': () => ({ ownerSees: true }),
  'POST /api/creator/payout-account/onboarding-link': () => ({
    ownerStatus: { status: 409, why: 'the sandbox (the test app’s provider) has no payout account to connect' },
  }),
  'PATCH /api/creator-profile/': () => ({ body: { bio: 'A new bio, whoever sent it.' } }),
  'PUT /api/creator-profile/tiers': () => ({ body: tiersBody(' v2') }),
  'POST /api/creator-profile/images/{kind}': () => ({ params: { kind: 'cover' }, body: uploadBody() }),
  'DELETE /api/creator-profile/images/{kind}': () => ({ params: { kind: 'profile' } }),
  'GET /api/creator/dashboard': () => ({ ownerSees: true }),
  'GET /api/creator/webhooks/endpoints': () => ({ ownerSees: true }),
  'POST /api/creator/webhooks/endpoints': () => ({
    body: { url: 'https://203.0.114.10/hooks', description: 'Another endpoint', events: ['payout.paid'] },
  }),
  'PATCH /api/creator/webhooks/endpoints/{endpointId}': () => ({
    body: { description: 'Renamed, whoever sent it', enabled: false },
  }),
  'GET /api/creator/analytics/': () => ({ query: { period: '30d' } }),
  'GET /api/creator/analytics/export.csv': () => ({ query: { period: '30d' }, ownerSees: true }),
  // A fresh key per request: each is a refund of its own (the owner's $9 support has room for several $1 refunds).
  'POST /api/creator/supports/{supportId}/refunds': (o) => ({
    params: { supportId: o.chargedSupportId },
    headers: { 'idempotency-key': randomBytes(12).toString('hex') },
    body: { amountCents: 100, reason: 'other', note: 'Matrix refund' },
  }),
  'PUT /api/creator/supports/{supportId}/wall': (o) => ({
    params: { supportId: o.chargedSupportId },
    body: { hidden: true },
  }),
  // The owner chose the bystander's wall when supporting them.
  'DELETE /api/supporter/wall/{username}': () => ({ params: { username: bystanderUsername } }),
  'POST /api/creators/{username}/follow': () => ({ params: { username: bystanderUsername } }),
  'GET /api/creators/{username}/posts/{post}': (o) => ({ params: { post: o.postSlug } }),
  'GET /api/creator/posts': () => ({ ownerSees: true }),
  'POST /api/creator/posts': () => ({
    body: { title: 'A new post', bodyMarkdown: 'Hello, supporters.', audience: 'supporters' },
  }),
  'GET /api/creator/posts/{id}': (o) => ({ params: { id: o.postId }, ownerSees: true }),
  'PATCH /api/creator/posts/{id}': (o) => ({ params: { id: o.postId }, body: { title: 'Renamed, whoever sent it' } }),
  'DELETE /api/creator/posts/{id}': (o) => ({ params: { id: o.postId } }),
  'PUT /api/creator/posts/{id}/pin': (o) => ({ params: { id: o.postId }, body: { pinned: true } }),
  'POST /api/creator/posts/images': () => ({ body: uploadBody() }),
  'POST /api/posts/unsubscribe': (o) => ({
    body: { token: o.unsubscribeToken },
    forged: forgeries(o.unsubscribeToken).map((token) => ({ body: { token } })),
  }),
  'DELETE /api/creators/{username}/follow': () => ({ params: { username: bystanderUsername } }),
  'POST /api/subscriptions/{id}/cancel': (o) => ({ params: { id: o.subscriptionId } }),
  'POST /api/subscriptions/{id}/pause': (o) => ({ params: { id: o.subscriptionId }, body: { months: 2 } }),
  'POST /api/subscriptions/{id}/resume': (o) => ({ params: { id: o.subscriptionId } }),
  'POST /api/subscriptions/{id}/change': (o) => ({
    params: { id: o.subscriptionId },
    body: { amount: 30, tierPosition: null },
  }),
  'POST /api/subscriptions/change-by-link': (o) => ({
    body: { token: o.cancelToken, amount: 30, tierPosition: null },
    forged: forgeries(o.cancelToken).map((token) => ({ body: { token, amount: 30, tierPosition: null } })),
  }),
  'POST /api/subscriptions/change-by-link/confirm': (o) => ({
    body: { token: o.changeConfirmToken },
    forged: forgeries(o.changeConfirmToken).map((token) => ({ body: { token } })),
  }),
  'POST /api/subscriptions/{id}/card': (o) => ({ params: { id: o.subscriptionId } }),
  'POST /api/subscriptions/{id}/card/complete': (o) => ({
    params: { id: o.subscriptionId },
    body: { setupId: o.cardSetupId },
  }),
  'POST /api/subscriptions/card-by-link': (o) => ({
    body: { token: o.cancelToken },
    forged: forgeries(o.cancelToken).map((token) => ({ body: { token } })),
  }),
  'POST /api/subscriptions/card-by-link/complete': (o) => ({
    body: { token: o.cancelToken, setupId: o.cardSetupId },
    forged: forgeries(o.cancelToken).map((token) => ({ body: { token, setupId: o.cardSetupId } })),
  }),
  'POST /api/subscriptions/pause-by-link': (o) => ({
    body: { token: o.cancelToken, months: 1 },
    forged: forgeries(o.cancelToken).map((token) => ({ body: { token, months: 1 } })),
  }),
  'POST /api/subscriptions/resume-by-link': (o) => ({
    body: { token: o.cancelToken },
    forged: forgeries(o.cancelToken).map((token) => ({ body: { token } })),
  }),
  'GET /api/subscriptions/confirm': (o) => ({
    query: { token: o.confirmToken },
    forged: forgeries(o.confirmToken).map((token) => ({ query: { token } })),
  }),
  'POST /api/subscriptions/confirm': (o) => ({
    body: { token: o.confirmToken },
    forged: forgeries(o.confirmToken).map((token) => ({ body: { token } })),
  }),
  'POST /api/subscriptions/confirm/retry': (o) => ({
    body: { token: o.confirmToken },
    forged: forgeries(o.confirmToken).map((token) => ({ body: { token } })),
  }),
  'GET /api/subscriptions/cancel-by-link': (o) => ({
    query: { token: o.cancelToken },
    forged: forgeries(o.cancelToken).map((token) => ({ query: { token } })),
  }),
  'POST /api/subscriptions/cancel-by-link': (o) => ({
    body: { token: o.cancelToken },
    forged: forgeries(o.cancelToken).map((token) => ({ body: { token } })),
  }),
  'GET /api/auth/verify-email': (o) => ({
    query: { token: o.verificationToken },
    forged: forgeries(o.verificationToken).map((token) => ({ query: { token } })),
  }),
  'POST /api/auth/verify-email': (o) => ({
    body: { token: o.verificationToken },
    forged: forgeries(o.verificationToken).map((token) => ({ body: { token } })),
  }),
  'GET /api/auth/me': () => ({ ownerSees: true }),
  'POST /api/auth/sign-up': () => ({
    body: {
      name: 'New Person',
      email: `new.${randomBytes(4).toString('hex')}@example.com`,
      password: OWNER_PASSWORD,
      confirmPassword: OWNER_PASSWORD,
    },
  }),
  'POST /api/auth/sign-in': (o, actor) => ({
    body: { email: o.email, password: actor === 'owner' ? OWNER_PASSWORD : 'not the password' },
  }),
  'POST /api/creators/{username}/supports': (o) => ({
    params: { username: o.username },
    body: checkoutBody({ amount: 7 }),
  }),
  'POST /api/payments/intents/{intentId}/complete': () => ({ body: { clientSecret: 'not the secret' } }),
  'POST /api/creators/{username}/views': (o) => ({ params: { username: o.username }, body: { page: 'profile' } }),
  'GET /api/discover/': (o) => ({ query: { q: o.marker } }),
  'POST /api/reports': (o) => ({ body: { username: o.username, reason: 'spam' } }),
  'POST /api/help/contact': () => ({
    body: { name: 'Asker', email: 'asker@example.com', topic: 'general', message: 'A question about my account.' },
  }),
};

/**
 * Tokens that are not the one sent: a character changed (never the last, whose low bits may be
 * unused), and the real token spelled differently (padding, a stray character, the other base64
 * alphabet), which a lenient decoder would read as the genuine one.
 */
function forgeries(token: string): string[] {
  const at = Math.floor(token.length * 0.75);
  return [
    token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1),
    `${token}==`,
    `${token.slice(0, at)}!${token.slice(at)}`,
    token.replace(/-/g, '+').replace(/_/g, '/') + (/[-_]/.test(token) ? '' : '='),
  ];
}

/** Path parameters a route without an entry in ROUTE_REQUESTS gets, by name. */
function defaultParams(operation: ApiOperation, owner: Owner): Record<string, string> {
  const byName: Record<string, string> = {
    username: owner.username,
    id: owner.subscriptionId,
    supportId: owner.chargedSupportId,
    kind: 'profile',
    file: owner.imageFile,
    endpointId: owner.webhookEndpointId,
    post: owner.postSlug,
    // No one but the page that started a payment knows its intent and client secret.
    intentId: 'pi_sandbox_unknown',
  };
  return Object.fromEntries(
    operation.pathParams.map((p) => {
      const value = byName[p.name];
      if (value === undefined)
        throw new Error(
          `${operation.key}: no value for {${p.name}}; add the route to ROUTE_REQUESTS in authorization-matrix.test.ts`,
        );
      return [p.name, value];
    }),
  );
}

function requestFor(operation: ApiOperation, owner: Owner, actor: Actor): RouteRequest {
  const made = ROUTE_REQUESTS[operation.key]?.(owner, actor) ?? {};
  return { ...made, params: { ...defaultParams(operation, owner), ...made.params } };
}

// The app and its route table exist before the tests are collected, so the matrix is generated from it.
const t: TestApp = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;
const operations = await listApiOperations(t.app);

// Users who are not the owner: each has data of their own, so a 2xx about themselves is not empty.
const bystander = await fakeCreator(db, { displayName: 'Bystander' });
const bystanderUsername = bystander.username;
const supporter = await fakeUser(t, { role: 'supporter' });
const supporterSubscribed = await payCheckout(
  supporter.client,
  bystanderUsername,
  checkoutBody({ isRecurring: true, amount: 10, email: supporter.email }),
);
if (supporterSubscribed.statusCode !== 200)
  throw new Error(
    `the supporter's monthly support failed: ${supporterSubscribed.statusCode} ${supporterSubscribed.body}`,
  );
await supporter.client.post(`/api/creators/${bystanderUsername}/follow`);
const anotherCreator = await fakeSignedInCreator(t);
await fakeSupport(db, anotherCreator.profile.userId, { message: 'For another creator' });
// An operator made as a person becomes one (two-factor on, operator:add, a two-factor sign-in).
const operator = await fakeOperator(t);
const ids: Record<Exclude<Actor, 'visitor' | 'owner'>, string> = {
  supporter: supporter.user.id,
  'another creator': anotherCreator.user.id,
};

/** A creator with a page, supports (one anonymous), a monthly support of their own, a follow, an image and a verification link. */
async function makeOwner(): Promise<Owner> {
  const marker = `mk${randomBytes(5).toString('hex')}`;
  const email = `owner.${marker}@example.com`;
  const account = await fakeUser(t, { role: 'creator', name: `Owner ${marker}`, email, password: OWNER_PASSWORD });
  const id = account.user.id;
  const profile = await insertCreatorProfile(db, id, {
    username: `owner_${marker}`,
    displayName: `Owner ${marker}`,
    bio: `Bio of ${marker}`,
  });
  await fakeSupport(db, id, { supporterName: `Named ${marker}`, message: `Message for ${marker}` });
  await fakeSupport(db, id, {
    isAnonymous: true,
    supporterName: `Hidden ${marker}`,
    supporterEmail: `hidden.${marker}@example.com`,
    message: `Secret ${marker}`,
  });
  const checkout = await payCheckout(
    account.client,
    bystanderUsername,
    checkoutBody({ isRecurring: true, amount: 12, email, name: `Owner ${marker}`, showOnWall: true }),
  );
  if (checkout.statusCode !== 200)
    throw new Error(`owner's monthly support failed: ${checkout.statusCode} ${checkout.body}`);
  await account.client.post(`/api/creators/${bystanderUsername}/follow`);
  // The supporter of the matrix supports this owner: they may see the owner's public name, nothing private.
  const supported = await t.app.inject({
    method: 'POST',
    url: `/api/creators/${profile.username}/supports`,
    headers: { 'x-requested-with': 'beabro', cookie: await sessionCookie(db, supporter.user.id) },
    remoteAddress: freshIp(),
    // A fresh receipt address: checkout limits supports per email.
    payload: checkoutBody({
      amount: 9,
      email: `fan.${randomBytes(4).toString('hex')}@example.com`,
      message: 'From the supporter',
      // On the owner's wall: the creator may hide it.
      showOnWall: true,
    }),
  });
  const payment = supported.json().payment as { intentId: string; clientSecret: string } | undefined;
  if (!payment) throw new Error(`the supporter's support failed: ${supported.statusCode} ${supported.body}`);
  await confirmInFrame(t.client(), payment, SUCCEEDING_CARD);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/intents/${payment.intentId}/complete`,
    headers: { 'x-requested-with': 'beabro' },
    payload: { clientSecret: payment.clientSecret },
  });
  if (paid.statusCode !== 200) throw new Error(`the supporter's support failed: ${paid.statusCode} ${paid.body}`);
  const upload = uploadBody();
  const image = await account.client.request({
    method: 'POST',
    url: '/api/creator-profile/images/profile',
    headers: { 'content-type': upload.contentType },
    payload: upload.bytes,
  });
  if (image.statusCode !== 200) throw new Error(`owner's image upload failed: ${image.statusCode} ${image.body}`);
  const subscriptionId = await latestSubscriptionId(db, id);
  // A new card saved for it in the sandbox's field (setup mode), which the card routes keep.
  const sandbox = moneyDeps(t).provider;
  const setup = await sandbox.createCardSetup({
    replacesPaymentMethodId: '',
    customer: email,
    metadata: { purpose: 'card_change', subscriptionId },
    idempotencyKey: `matrix-card:${subscriptionId}`,
  });
  const newCard = await sandbox.tokenizeCard({ ...SUCCEEDING_CARD, number: '5555 5555 5555 4444' });
  if (!newCard.ok) throw new Error("owner's new card was refused");
  await sandbox.confirmSetup(setup.id, setup.clientSecret, newCard.paymentMethod.id);
  // A second monthly support whose renewal asked for the owner's authentication: its email link's routes.
  const awaited = await fakeCreator(db, { displayName: `Awaited ${randomBytes(3).toString('hex')}` });
  const second = await payCheckout(
    account.client,
    awaited.username,
    checkoutBody({ isRecurring: true, amount: 7, email, name: `Owner ${marker}` }),
  );
  if (second.statusCode !== 200) throw new Error(`owner's second monthly support failed: ${second.body}`);
  const [secondRow] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, second.json().receipt.subscriptionId as string));
  if (!secondRow) throw new Error("owner's second monthly support is missing");
  await updateSandboxPaymentMethodBehaviour(db, secondRow.paymentMethodToken, 'authentication_required');
  const due = new Date(secondRow.currentPeriodEnd.getTime() + 60_000);
  const renewed = await renewSubscription({ ...moneyDeps(t, due), log: () => {} }, secondRow.id, due);
  const charges = await db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, secondRow.id));
  const awaiting = charges.find((c) => c.actionIntentId !== null);
  if (!awaiting) throw new Error(`owner's renewal does not await authentication: ${renewed}`);
  const imageUrl = (image.json() as { profile: { profileImageUrl: string } }).profile.profileImageUrl;
  const cancelToken = signCancelToken(resolveAppSecret(t.app.config), subscriptionId);
  // A raise asked through the receipt link: it waits for the link emailed to the owner.
  const raise = await t.client().post('/api/subscriptions/change-by-link', {
    token: cancelToken,
    amount: 20,
    tierPosition: null,
  });
  if (raise.statusCode !== 202) throw new Error(`owner's raise by link was not emailed: ${raise.body}`);
  const changeConfirmToken = await latestChangeConfirmToken(db, email);
  // A post for supporters, with its marker, emailed to a supporter (whose link can stop the emails).
  const post = await account.client.post('/api/creator/posts', {
    title: `Post of ${marker}`,
    bodyMarkdown: `Only for supporters of ${marker}.`,
    audience: 'supporters',
    publish: true,
  });
  if (post.statusCode !== 201) throw new Error(`owner's post failed: ${post.statusCode} ${post.body}`);
  const { id: postId, slug: postSlug } = post.json().post as { id: string; slug: string };
  const [delivery] = await db
    .insert(postDeliveries)
    .values({ postId, creatorId: id, email: `reader.${marker}@example.com` })
    .returning();
  if (!delivery) throw new Error("owner's post delivery is missing");
  // An IP address literal: saving it needs no DNS.
  const webhook = await createEndpoint(
    { db, appSecret: resolveAppSecret(t.app.config), allowLocal: false, resolveHost: systemResolver },
    id,
    {
      url: 'https://203.0.114.20/hooks',
      description: `Webhook of ${marker}`,
      events: ['support.created'],
    },
  );
  return {
    id,
    email,
    username: profile.username,
    marker,
    subscriptionId,
    chargedSupportId: (paid.json() as { receipt: { supportId: string } }).receipt.supportId,
    cancelToken,
    cardSetupId: setup.id,
    confirmToken: signConfirmToken(resolveAppSecret(t.app.config), awaiting.id, new Date(Date.now() + 86_400_000)),
    changeConfirmToken,
    verificationToken: await latestVerificationToken(db, email),
    imageFile: imageUrl.replace('/uploads/', ''),
    webhookEndpointId: webhook.endpoint.id,
    postId,
    postSlug,
    unsubscribeToken: signUnsubscribeToken(resolveAppSecret(t.app.config), delivery.id),
    privateMarkers: [email, id, `Hidden ${marker}`, `hidden.${marker}`, subscriptionId],
  };
}

/** A cookie with a new session of the actor (none for a visitor). Made before a "before" fingerprint: a new session is data of its own. */
async function cookieFor(actor: Actor, owner: Owner): Promise<string | null> {
  const userId = actor === 'owner' ? owner.id : actor === 'visitor' ? null : ids[actor];
  return userId ? sessionCookie(db, userId) : null;
}

async function send(
  operation: ApiOperation,
  actor: Actor,
  owner: Owner,
  request: Omit<RouteRequest, 'forged'>,
  headers: { csrf?: boolean; origin?: string; cookie?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const cookie = headers.cookie === undefined ? await cookieFor(actor, owner) : headers.cookie;
  const params = Object.fromEntries(Object.entries(request.params ?? {}).map(([k, v]) => [k, percentEncode(v)]));
  const query = new URLSearchParams(request.query ?? {}).toString();
  const options: InjectOptions & { url: string; headers: Record<string, string> } = {
    method: operation.method,
    url: fillPath(operation.path, params) + (query ? `?${query}` : ''),
    remoteAddress: freshIp(),
    headers: {},
  };
  if (headers.csrf !== false) options.headers['x-requested-with'] = 'beabro';
  if (headers.origin) options.headers.origin = headers.origin;
  Object.assign(options.headers, request.headers);
  if (cookie) options.headers.cookie = cookie;
  const body = request.body;
  if (body instanceof RawBody) {
    options.headers['content-type'] = body.contentType;
    options.payload = body.bytes;
  } else if (body !== undefined) {
    options.payload = body as InjectOptions['payload'];
  }
  return t.app.inject(options);
}

const ownerData = (owner: Owner) => fingerprintUserData(db, { id: owner.id, email: owner.email });

/** Fails naming the rows of the owner's data that differ. */
async function expectOwnerDataUnchanged(owner: Owner, before: string, label: string) {
  const after = await ownerData(owner);
  if (after === before) return;
  const was = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  const removed = [...was].filter((line) => !now.has(line));
  const added = [...now].filter((line) => !was.has(line));
  expect.fail(
    `${label} changed the owner's data.\nbefore: ${removed.join('\n') || '(nothing)'}\nafter: ${added.join('\n') || '(nothing)'}`,
  );
}

function expectNothingOf(res: LightMyRequestResponse, markers: string[], label: string) {
  for (const marker of markers)
    expect(
      res.body.includes(marker),
      `${label}: the answer (${res.statusCode}) holds the owner's "${marker}": ${res.body.slice(0, 300)}`,
    ).toBe(false);
}

/** Someone other than the owner: no 5xx, nothing of the owner's in the answer, nothing of the owner's changed. */
async function expectNoAccess(
  operation: ApiOperation,
  actor: Actor,
  owner: Owner,
  request: Omit<RouteRequest, 'forged'>,
  allowed: (status: number) => boolean,
) {
  const cookie = await cookieFor(actor, owner);
  const before = await ownerData(owner);
  const res = await send(operation, actor, owner, request, { cookie });
  expect(
    allowed(res.statusCode),
    `${actor}: ${operation.key} answered ${res.statusCode} ${res.body.slice(0, 300)}`,
  ).toBe(true);
  // A supporter of the owner may see the owner's public name (on their receipts and dashboard); nobody else may.
  expectNothingOf(res, actor === 'supporter' ? owner.privateMarkers : [owner.marker, ...owner.privateMarkers], actor);
  await expectOwnerDataUnchanged(owner, before, `${actor}: ${operation.key} (${res.statusCode})`);
}

const documented4xx = (operation: ApiOperation) => (status: number) =>
  status >= 400 && status < 500 && operation.documentedStatuses.has(status);
const below500 = (status: number) => status < 500;

describe(`authorization matrix (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('classifies every route of the OpenAPI document', () => {
    const unclassified = operations.filter((op) => !classify(op)).map((op) => op.key);
    expect(
      unclassified,
      `Classify these routes in ROUTE_RULES of api/src/security-tests/authorization-matrix.test.ts (own, own-resource, capability, session, public or development): ${unclassified.join(', ')}`,
    ).toEqual([]);
  });

  it('with DEV_MAILBOX and DEV_TOOLS off, no development route exists', async () => {
    const production = await createTestApp({ DEV_MAILBOX: 'false', DEV_TOOLS: 'false' });
    try {
      const routes = (await listApiOperations(production.app)).filter((op) => classify(op)?.access === 'development');
      expect(routes.map((op) => op.key)).toEqual([]);
      expect((await production.app.inject('/api/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  for (const operation of operations) {
    const rule = classify(operation);
    if (!rule || rule.access === 'development') continue;
    const stateChanging = STATE_CHANGING_METHODS.has(operation.method);

    describe(`${operation.key} [${rule.access}: ${rule.why}]`, () => {
      let owner: Owner;
      beforeAll(async () => {
        owner = await (rule.access === 'public'
          ? sharedPublicOwner()
          : rule.access === 'operator'
            ? sharedOperatorOwner()
            : makeOwner());
      });

      if (rule.access === 'own' || rule.access === 'own-resource') {
        it('visitor: 401', async () => {
          const before = await ownerData(owner);
          const res = await send(operation, 'visitor', owner, requestFor(operation, owner, 'visitor'));
          expect(res.statusCode, res.body).toBe(401);
          await expectOwnerDataUnchanged(owner, before, 'a visitor');
        });
        if (stateChanging) {
          it("cross-site with the owner's cookie: 403 (no CSRF header, or a foreign Origin)", async () => {
            const request = requestFor(operation, owner, 'owner');
            const cookie = await cookieFor('owner', owner);
            const before = await ownerData(owner);
            expect((await send(operation, 'owner', owner, request, { csrf: false, cookie })).statusCode).toBe(403);
            expect(
              (await send(operation, 'owner', owner, request, { origin: 'https://evil.example', cookie })).statusCode,
            ).toBe(403);
            await expectOwnerDataUnchanged(owner, before, 'a cross-site request');
          });
        }
        for (const actor of ['supporter', 'another creator'] as const) {
          it(`${actor}: ${rule.access === 'own-resource' ? '404' : '4xx or their own data'}, nothing of the owner's seen or changed`, async () => {
            const allowed = rule.access === 'own-resource' ? (s: number) => s === 404 : below500;
            await expectNoAccess(operation, actor, owner, requestFor(operation, owner, actor), allowed);
          });
        }
        it('owner: 2xx', async () => {
          const request = requestFor(operation, owner, 'owner');
          const res = await send(operation, 'owner', owner, request);
          const expected = request.ownerStatus;
          if (expected) expect(res.statusCode, `${expected.why}: ${res.body}`).toBe(expected.status);
          else expect(res.statusCode, res.body).toBeLessThan(300);
          if (request.ownerSees) expect(res.body, 'the owner sees their own data').toContain(owner.marker);
        });
      }

      if (rule.access === 'capability') {
        for (const actor of ['visitor', 'supporter', 'another creator'] as const) {
          it(`${actor} with forged or re-spelled tokens: 4xx, nothing seen or changed`, async () => {
            const { forged } = requestFor(operation, owner, actor);
            if (!forged) throw new Error(`${operation.key}: give its forged requests in ROUTE_REQUESTS`);
            for (const request of forged)
              await expectNoAccess(operation, actor, owner, request, documented4xx(operation));
          });
        }
        if (stateChanging) {
          it('cross-site with the real token: 403', async () => {
            const before = await ownerData(owner);
            const res = await send(operation, 'visitor', owner, requestFor(operation, owner, 'visitor'), {
              csrf: false,
            });
            expect(res.statusCode).toBe(403);
            await expectOwnerDataUnchanged(owner, before, 'a cross-site request');
          });
        }
        it("the link's holder: 2xx", async () => {
          const res = await send(operation, 'owner', owner, requestFor(operation, owner, 'owner'));
          expect(res.statusCode, res.body).toBeLessThan(300);
        });
      }

      if (rule.access === 'session') {
        for (const actor of ['visitor', 'supporter', 'another creator'] as const) {
          it(`${actor}: 2xx about themselves, nothing of the owner's seen or changed`, async () => {
            await expectNoAccess(
              operation,
              actor,
              owner,
              requestFor(operation, owner, actor),
              (s) => s >= 200 && s < 300,
            );
          });
        }
        it('owner: 2xx', async () => {
          const request = requestFor(operation, owner, 'owner');
          const res = await send(operation, 'owner', owner, request);
          expect(res.statusCode, res.body).toBeLessThan(300);
          if (request.ownerSees) expect(res.body).toContain(owner.marker);
        });
      }

      if (rule.access === 'operator') {
        const operatorRequest = () => {
          const make = OPERATOR_REQUESTS[operation.key];
          if (!make) throw new Error(`${operation.key}: add its request to OPERATOR_REQUESTS in operator-requests.ts`);
          return make(db, owner);
        };
        it('visitor: 401', async () => {
          const res = await send(operation, 'visitor', owner, await operatorRequest(), { cookie: null });
          expect(res.statusCode, res.body).toBe(401);
        });
        for (const actor of ['supporter', 'another creator', 'owner'] as const) {
          it(`${actor}: 403, nothing of the owner's seen or changed`, async () => {
            const request = await operatorRequest();
            const cookie = await cookieFor(actor, owner);
            const before = await ownerData(owner);
            const res = await send(operation, actor, owner, request, { cookie });
            expect(res.statusCode, res.body).toBe(403);
            expect(res.json().message).toBe(OPERATOR_ONLY_MESSAGE);
            await expectOwnerDataUnchanged(owner, before, `${actor}: ${operation.key}`);
          });
        }
        it('an operator whose session did not pass two-factor sign-in: 403', async () => {
          const request = await operatorRequest();
          const cookie = await operatorSessionCookie(db, operator.user.id, false);
          const before = await ownerData(owner);
          const res = await send(operation, 'owner', owner, request, { cookie });
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().message).toBe(OPERATOR_TWO_FACTOR_MESSAGE);
          await expectOwnerDataUnchanged(owner, before, 'an operator without two-factor');
        });
        if (stateChanging) {
          it("cross-site with the operator's cookie: 403 (no CSRF header, or a foreign Origin)", async () => {
            const request = await operatorRequest();
            const cookie = await operatorSessionCookie(db, operator.user.id);
            const before = await ownerData(owner);
            expect((await send(operation, 'owner', owner, request, { csrf: false, cookie })).statusCode).toBe(403);
            expect(
              (await send(operation, 'owner', owner, request, { origin: 'https://evil.example', cookie })).statusCode,
            ).toBe(403);
            await expectOwnerDataUnchanged(owner, before, 'a cross-site request');
          });
        }
        it('operator after a two-factor sign-in: 2xx', async () => {
          const request = await operatorRequest();
          const cookie = await operatorSessionCookie(db, operator.user.id);
          const res = await send(operation, 'owner', owner, request, { cookie });
          expect(res.statusCode, res.body).toBeLessThan(300);
        });
      }

      if (rule.access === 'public') {
        for (const actor of ['visitor', 'supporter', 'another creator', 'owner'] as const) {
          it(`${actor}: an answer below 500 with none of the owner's private data`, async () => {
            const res = await send(operation, actor, owner, requestFor(operation, owner, actor));
            expect(res.statusCode, res.body).toBeLessThan(500);
            if (actor !== 'owner') expectNothingOf(res, owner.privateMarkers, actor);
          });
        }
      }
    });
  }
});

let operatorOwner: Promise<Owner> | undefined;
/** Operator routes share one owner (the person the operator looks at, suspends, reviews...). */
function sharedOperatorOwner(): Promise<Owner> {
  operatorOwner ??= makeOwner();
  return operatorOwner;
}

let publicOwner: Promise<Owner> | undefined;
/** Public routes share one owner: what they change (supports, views) is public by design. */
function sharedPublicOwner(): Promise<Owner> {
  publicOwner ??= makeOwner();
  return publicOwner;
}
