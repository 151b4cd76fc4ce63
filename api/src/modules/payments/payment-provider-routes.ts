import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import { createConfiguredProvider } from './configured-provider';
import { paymentEventRoutes, receiveSignedEvent } from './payment-events-routes';
import type { PaymentEventDispatcher } from './payment-events';
import type { PaymentProvider } from './payment-provider';
import { SANDBOX_PAY_PREFIX, SANDBOX_SIGNATURE_HEADER } from './sandbox/sandbox-payment-provider';
import { sandboxPayRoutes } from './sandbox/sandbox-pay-routes';
import { startSandboxEventLoop, type RunningSandboxEventLoop } from './sandbox/sandbox-event-loop';
import { StripePaymentProvider } from './stripe/stripe-provider';
import { stripeWebhookRoutes } from './stripe/stripe-webhook-routes';

interface ProviderRouteOptions {
  config: AppConfig;
  db: Db;
  appSecret: string;
  /** Hands each verified provider event to the module it is about (api/src/payment-event-handlers.ts). */
  events: PaymentEventDispatcher;
}

/**
 * The provider the server takes money with, and the routes only that provider has: the embedded sandbox (test mode,
 * the default) or Stripe (PAYMENT_PROVIDER=stripe). The sandbox, like a real provider, sends signed events to
 * /api/payments/events; being in-process, it hands them to the same receiver (receiveSignedEvent: signature check
 * included) without a trip through the HTTP stack, right after the change they report, or (a refund that fails later) from its own loop while the server
 * runs (JOBS_ENABLED). Stripe sends its events to /api/webhooks/stripe and /api/webhooks/stripe-connect; the
 * sandbox's pages do not exist then. Everything else in the app sees only the PaymentProvider interface and its
 * capabilities.
 */
export async function registerPaymentProvider(
  app: FastifyInstance,
  { config, db, appSecret, events }: ProviderRouteOptions,
): Promise<PaymentProvider> {
  // The sandbox's events are checked against the provider itself, known once it is made.
  let eventsProvider: PaymentProvider | null = null;
  const provider = createConfiguredProvider(config, db, appSecret, {
    deliverEvent: async (body, signature) =>
      eventsProvider !== null &&
      (await receiveSignedEvent(app, { provider: eventsProvider, appSecret, events }, body, signature)) !== null,
    log: (message) => app.log.error(message),
  });
  eventsProvider = provider;
  if (provider instanceof StripePaymentProvider) {
    await app.register(stripeWebhookRoutes, { prefix: '/api/webhooks', provider, appSecret, stripe: provider, events });
    // The sandbox's card frame and its routes do not exist with Stripe (not even as the site's page fallback).
    app.all(`${SANDBOX_PAY_PREFIX}/*`, { schema: { hide: true } }, async (_request, reply) =>
      reply.code(404).send({ message: 'Not found' }),
    );
    return provider;
  }
  const sandbox = provider;
  await app.register(paymentEventRoutes, {
    prefix: '/api/payments',
    provider: sandbox,
    appSecret,
    signatureHeader: SANDBOX_SIGNATURE_HEADER,
    events,
  });
  await app.register(sandboxPayRoutes, { prefix: SANDBOX_PAY_PREFIX, sandbox });
  // The events the sandbox sends later (a refund of the refund-fails test card failing), while the server runs.
  if (config.jobsEnabled) {
    let loop: RunningSandboxEventLoop | null = null;
    app.addHook('onListen', async () => {
      loop = startSandboxEventLoop(sandbox, { info: (m) => app.log.info(m), error: (m) => app.log.error(m) });
    });
    app.addHook('onClose', async () => {
      await loop?.stop();
    });
  }
  return sandbox;
}
