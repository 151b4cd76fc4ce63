import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CardSetup, PaymentIntent } from '../payment-provider';
import { CARD_FRAME_CSS, CARD_FRAME_HTML, CARD_FRAME_JS } from './sandbox-card-frame-assets';
import type { SandboxPaymentProvider } from './sandbox-payment-provider';
import { EMBED_FRAME_ANCESTORS } from '../../../lib/embed-frame-ancestors';
import { ipRateLimitKey, rateLimited } from '../../rate-limit/rate-limit-service';
import { assertNotBlocked, fraudSettingsOf } from '../../fraud/fraud-service';

/**
 * The frame's own policy: only its own script, style and calls; no form posts anywhere. It may be framed
 * wherever the checkout may (the embed overlay on creators' sites frames the checkout, which frames this).
 * `sandbox allow-scripts allow-forms` (without allow-same-origin) gives the frame an origin of its own (opaque), as
 * a real provider's field on its own domain has: no script of the site (any area's release included) can read the
 * card from it, and it reaches the site only by postMessage. Its calls are then cross-origin: see FRAME_CORS.
 */
const CARD_FRAME_CSP = [
  'sandbox allow-scripts allow-forms',
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  EMBED_FRAME_ANCESTORS,
].join('; ');

const NOT_FOUND = 'This payment was not found.';

/** Most keys one window counter keeps: past it, the windows already over are dropped (and all, if none is over). */
const MAX_COUNTED_KEYS = 50_000;

/**
 * A fixed-window counter in memory: `count(key, nowMs)` counts one attempt and answers null while within `limit`
 * per `windowSeconds`, else the seconds until the key's window ends.
 */
function createWindowCounter(limit: number, windowSeconds: number) {
  const windows = new Map<string, { start: number; count: number }>();
  const windowMs = windowSeconds * 1000;
  return {
    count(key: string, nowMs: number): number | null {
      const start = Math.floor(nowMs / windowMs) * windowMs;
      const current = windows.get(key);
      const entry = current && current.start === start ? current : { start, count: 0 };
      entry.count += 1;
      if (windows.size >= MAX_COUNTED_KEYS && !windows.has(key)) {
        for (const [k, w] of windows) if (w.start !== start) windows.delete(k);
        if (windows.size >= MAX_COUNTED_KEYS) windows.clear();
      }
      windows.set(key, entry);
      return entry.count > limit ? Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) : null;
    },
  };
}

const cardBodySchema = z.object({
  card: z.object({
    number: z.string().max(30),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(8),
  }),
});
const confirmBodySchema = z.object({ clientSecret: z.string().max(200), paymentMethod: z.string().max(100) });
const authenticateBodySchema = z.object({ clientSecret: z.string().max(200), approve: z.boolean() });
const intentParamsSchema = z.object({ intentId: z.string().max(100) });
const setupParamsSchema = z.object({ setupId: z.string().max(100) });

/** What the frame learns of an intent: its state and the provider's reason, nothing else. */
const frameIntent = (intent: PaymentIntent) => ({
  intent: { id: intent.id, status: intent.status, lastError: intent.lastError },
});

/** The same for a card setup (the card saved is not told to the frame either). */
const frameSetup = (setup: CardSetup) => ({
  intent: { id: setup.id, status: setup.status, lastError: setup.lastError },
});

/**
 * /sandbox-pay: the sandbox provider's "servers" as its card frame sees them (a real provider serves
 * these from its own domain). Hidden from the API's OpenAPI document: they are not our API, and the
 * card they receive is turned into a token here and kept nowhere.
 */
export const sandboxPayRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxPaymentProvider }> = async (
  app,
  { sandbox },
) => {
  // The frame's origin is opaque (CARD_FRAME_CSP): its script, style and calls come from an origin that is not this
  // one, so they are answered as cross-origin resources, to that frame only (its requests say `Origin: null`), as a
  // provider's API answers its field. Credentials are never sent (the frame omits them): a client secret authorizes.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.origin !== 'null') return;
    reply.header('Access-Control-Allow-Origin', 'null').header('Vary', 'Origin');
  });
  app.options('/v1/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, POST')
      .header('Access-Control-Allow-Headers', 'Content-Type')
      .header('Access-Control-Max-Age', '600')
      .send(),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    // An opaque origin cannot be origin-keyed: asking for it here made Chromium warn on the page that frames it
    // ("could not be origin-keyed").
    reply.removeHeader('Origin-Agent-Cluster');
  });
  const asset = (type: string, body: string) => ({
    schema: { hide: true },
    handler: async (_request: unknown, reply: FastifyReply) => {
      reply.removeHeader('X-Frame-Options');
      return reply
        .header('Content-Security-Policy', CARD_FRAME_CSP)
        .header('Cache-Control', 'no-cache')
        .type(type)
        .send(body);
    },
  });
  app.get('/v1/card-frame', asset('text/html; charset=utf-8', CARD_FRAME_HTML));
  app.get('/v1/card-frame.js', asset('text/javascript; charset=utf-8', CARD_FRAME_JS));
  app.get('/v1/card-frame.css', asset('text/css; charset=utf-8', CARD_FRAME_CSS));

  // Entering cards is limited per visitor's network, as a real provider's tokenization is: card testing or a flood of
  // saved test methods is refused with a 429 the frame shows. Counted in this process (the sandbox stands for the
  // provider's servers, whose counters are not our database's): no database write on the checkout's path.
  const cardLimit = createWindowCounter(app.config.sandboxCardLimitPerIp, 600);
  app.post('/v1/payment-methods', { schema: { hide: true, body: cardBodySchema } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const wait = cardLimit.count(ipRateLimitKey(request.ip), Date.now());
    if (wait !== null) throw rateLimited(wait);
    const tokenized = await sandbox.tokenizeCard(request.body.card);
    if (!tokenized.ok) {
      const messages = Object.values(tokenized.fieldErrors);
      return reply.code(400).send({
        message: messages.length === 1 ? messages[0] : 'Please check your card details.',
        fieldErrors: tokenized.fieldErrors,
      });
    }
    return reply.send({ paymentMethod: tokenized.paymentMethod });
  });

  app.post(
    '/v1/intents/:intentId/confirm',
    { schema: { hide: true, params: intentParamsSchema, body: confirmBodySchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // The card-testing defence at the card-confirm step: a network or card past its limit of declines is refused
      // before the card is tried again (Stripe's Radar does this on Stripe's side).
      const intent = await sandbox.confirmIntent(
        request.params.intentId,
        request.body.clientSecret,
        request.body.paymentMethod,
        (fingerprint) => assertNotBlocked(app.db, fraudSettingsOf(app.config), { ip: request.ip, fingerprint }),
      );
      if (!intent) return reply.code(404).send({ message: NOT_FOUND });
      return reply.send(frameIntent(intent));
    },
  );

  app.post(
    '/v1/intents/:intentId/authenticate',
    { schema: { hide: true, params: intentParamsSchema, body: authenticateBodySchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const intent = await sandbox.authenticateIntent(
        request.params.intentId,
        request.body.clientSecret,
        request.body.approve,
      );
      if (!intent) return reply.code(404).send({ message: NOT_FOUND });
      return reply.send(frameIntent(intent));
    },
  );

  app.post(
    '/v1/setup-intents/:setupId/confirm',
    { schema: { hide: true, params: setupParamsSchema, body: confirmBodySchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const setup = await sandbox.confirmSetup(
        request.params.setupId,
        request.body.clientSecret,
        request.body.paymentMethod,
      );
      if (!setup) return reply.code(404).send({ message: NOT_FOUND });
      return reply.send(frameSetup(setup));
    },
  );

  app.post(
    '/v1/setup-intents/:setupId/authenticate',
    { schema: { hide: true, params: setupParamsSchema, body: authenticateBodySchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const setup = await sandbox.authenticateSetup(
        request.params.setupId,
        request.body.clientSecret,
        request.body.approve,
      );
      if (!setup) return reply.code(404).send({ message: NOT_FOUND });
      return reply.send(frameSetup(setup));
    },
  );
};
