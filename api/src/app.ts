import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { REMOTE_NAMES, resolveAppSecret, type AppConfig } from './config/env';
import type { Db } from './db/database';
import { accountRoutes } from './modules/account/account-routes';
import { analyticsRoutes } from './modules/analytics/analytics-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { checkoutRoutes, paymentCompletionRoutes } from './modules/checkout/checkout-routes';
import { subscriptionLinkFormRoutes } from './modules/subscriptions/subscription-link-form-routes';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions-routes';
import { payoutRoutes } from './modules/payouts/payouts-routes';
import { payoutAccountRoutes } from './modules/payout-accounts/payout-accounts-routes';
import { dashboardRoutes } from './modules/dashboards/dashboards-routes';
import { refundRoutes } from './modules/refunds/refunds-routes';
import { registerJobScheduler } from './modules/jobs/job-scheduler';
import { creatorProfileRoutes } from './modules/creator-profile/creator-profile-routes';
import { discoverRoutes } from './modules/discover/discover-routes';
import pinoPretty from 'pino-pretty';
import { redactingDestination } from './lib/redacting-logger';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox-routes';
import { devToolsRoutes } from './modules/dev-tools/dev-tools-routes';
import { registerEmailSender } from './modules/email/email-sender';
import { emailVerificationRoutes } from './modules/email-verification/email-verification-routes';
import { verifyEmailFormRoutes } from './modules/email-verification/verify-email-form-routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset-routes';
import { helpContactRoutes } from './modules/help-contact/help-contact-routes';
import { operatorConsoleRoutes } from './modules/operator/operator-console-routes';
import { operatorPeopleRoutes } from './modules/operator/operator-people-routes';
import { accountSuspensionRoutes, reportRoutes } from './modules/operator/operator-public-routes';
import { imageRoutes } from './modules/images/images-routes';
import { registerPaymentProvider } from './modules/payments/payment-provider-routes';
import type { MoneyRouteOptions } from './modules/payments/money-deps';
import { pageViewRoutes } from './modules/page-views/page-views-routes';
import { publicProfileRoutes } from './modules/public-profile/public-profile-routes';
import { supporterWallRoutes } from './modules/supporter-wall/supporter-wall-routes';
import { postRoutes } from './modules/posts/posts-routes';
import { postUnsubscribeOneClickRoutes } from './modules/posts/post-unsubscribe-one-click-routes';
import { twoFactorAccountRoutes, twoFactorSignInRoutes } from './modules/two-factor/two-factor-routes';
import { usernameRoutes } from './modules/usernames/usernames-routes';
import { paymentEventDispatcher } from './payment-event-handlers';
import { systemResolver, type HostResolver } from './modules/webhooks/webhook-address-guard';
import type { WebhookHttpTransport } from './modules/webhooks/webhook-http';
import { registerWebhookSender } from './modules/webhooks/webhook-sender';
import { webhookRoutes } from './modules/webhooks/webhooks-routes';
import { registerCsrfGuard } from './plugins/csrf-guard';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSessionAuth } from './plugins/session-auth';
import { staticSite } from './plugins/static-site';
import { createRecentPages } from './modules/page-rendering/recent-pages';
import { registerTextInputGuard } from './plugins/text-input-guard';
import { registerTrustedHost } from './plugins/trusted-host';
import { healthRoutes } from './routes/health';
import { registerOperations } from './modules/operations/operations-routes';
import { requestIdOf } from './modules/operations/request-id';
import { remoteMapRoutes } from './routes/remote-map';
import { siteConfigRoutes } from './routes/site-config';

/** What tests may replace: DNS answers and the HTTP client of webhook deliveries. */
export interface AppOverrides {
  resolveHost?: HostResolver;
  webhookTransport?: WebhookHttpTransport;
  /** Where log lines go instead of stdout (a test reads them). */
  logStream?: { write(line: string): void };
}

/** Writes that change nothing a visitor's page shows: they leave the recent pages kept (every visit sends one). */
const WRITES_NO_PAGE_SHOWS: ReadonlySet<string> = new Set(['/api/creators/:username/views']);

/** Log lines for a person reading a terminal (LOG_FORMAT=pretty, the default outside production). */
const readableLog = () =>
  pinoPretty({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });

/** Builds the whole server on an open database; server.ts only boots it, tests call `app.inject`. */
export async function buildApp(config: AppConfig, db: Db, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  // Secrets in URLs (an email link's token) never reach a log line, whatever logs them.
  const logger = {
    level: config.logLevel,
    stream: redactingDestination(
      overrides.logStream ?? (config.logFormat === 'pretty' ? readableLog() : process.stdout),
    ),
  };
  const options: FastifyServerOptions = { logger, trustProxy: config.trustProxy, genReqId: requestIdOf };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  // A successful write may change what a visitor's page shows: the pages kept for the last moment are forgotten.
  app.decorate('recentPages', createRecentPages(config.serverRenderCacheMs));
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (WRITES_NO_PAGE_SHOWS.has(request.routeOptions.url ?? '')) return;
    app.recentPages.forget();
  });
  // Which instance answered, for operators running several behind a load balancer (INSTANCE_ID).
  const instanceId = config.instanceId;
  if (instanceId) app.addHook('onRequest', async (_request, reply) => void reply.header('X-Instance-Id', instanceId));

  // External plugins first.
  registerErrorHandler(app);
  await app.register(fastifyHelmet, {
    // Remotes may be deployed to other origins (see REMOTE_*_URL), so no script-src policy here yet.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  // A foreign Host is refused before anything else runs (its hook must precede every route, /api/docs too).
  registerTrustedHost(app);
  await registerOpenApi(app);

  // Then the app's own plugins.
  registerCsrfGuard(app);
  registerSessionAuth(app);
  registerTextInputGuard(app);

  // Then routes.
  await app.register(healthRoutes);
  registerOperations(app);
  await app.register(siteConfigRoutes, { config });
  await app.register(authRoutes, { prefix: '/api/auth', appSecret: resolveAppSecret(config) });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(twoFactorSignInRoutes, { prefix: '/api/auth', appSecret: resolveAppSecret(config) });
  await app.register(twoFactorAccountRoutes, {
    prefix: '/api/account/two-factor',
    appSecret: resolveAppSecret(config),
  });
  await app.register(usernameRoutes, { prefix: '/api/usernames' });
  await app.register(creatorProfileRoutes, { prefix: '/api/creator-profile' });
  await app.register(publicProfileRoutes, { prefix: '/api/creators' });
  await app.register(supporterWallRoutes);
  await app.register(postRoutes);
  // Money: the provider chosen by the configuration (payments/payment-provider-routes.ts) with its own routes.
  const appSecret = resolveAppSecret(config);
  const provider = await registerPaymentProvider(app, { config, db, appSecret, events: paymentEventDispatcher() });
  const money: MoneyRouteOptions = { provider, appSecret };
  await app.register(checkoutRoutes, { prefix: '/api/creators', ...money });
  await app.register(paymentCompletionRoutes, { prefix: '/api/payments', ...money });
  return finishApp(app, config, db, overrides, money);
}

/** The routes and loops after the provider's own: the same whichever provider takes the money. */
async function finishApp(
  app: FastifyInstance,
  config: AppConfig,
  db: Db,
  overrides: AppOverrides,
  money: MoneyRouteOptions,
): Promise<FastifyInstance> {
  const { appSecret } = money;
  await app.register(subscriptionRoutes, { prefix: '/api/subscriptions', ...money });
  await app.register(payoutRoutes, { prefix: '/api/creator', provider: money.provider });
  await app.register(payoutAccountRoutes, { prefix: '/api/creator', provider: money.provider });
  await app.register(refundRoutes, { prefix: '/api/creator', ...money });
  await app.register(dashboardRoutes, { prefix: '/api', provider: money.provider });
  await app.register(analyticsRoutes, { prefix: '/api/creator/analytics' });
  // Webhooks: endpoints under /api/creator/webhooks, delivered from their outbox while the server runs (JOBS_ENABLED).
  const webhookDeps = {
    appSecret,
    allowLocal: config.webhooksAllowLocal,
    resolveHost: overrides.resolveHost ?? systemResolver,
  };
  await app.register(webhookRoutes, { prefix: '/api/creator/webhooks', deps: webhookDeps });
  registerWebhookSender(app, config, {
    db,
    ...webhookDeps,
    ...(overrides.webhookTransport ? { transport: overrides.webhookTransport } : {}),
  });
  // Renewals, payouts and payment recovery run in-process once the server listens (JOBS_ENABLED).
  registerJobScheduler(app, config, db, money);
  await app.register(pageViewRoutes, { prefix: '/api/creators' });
  await app.register(discoverRoutes, { prefix: '/api/discover' });
  await app.register(helpContactRoutes, { prefix: '/api/help' });
  // The operator console (operators only, after a two-factor sign-in), and the public report form it reads.
  await app.register(operatorPeopleRoutes, { prefix: '/api/operator' });
  await app.register(operatorConsoleRoutes, { prefix: '/api/operator' });
  await app.register(reportRoutes);
  await app.register(accountSuspensionRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(passwordResetRoutes);
  // The pages these links open are the site's own (/verify-email, /subscriptions/cancel); these take their forms when JavaScript is off.
  await app.register(verifyEmailFormRoutes);
  await app.register(subscriptionLinkFormRoutes, money);
  // A mail client's one-click "Unsubscribe" of a post email (RFC 8058) posts to the unsubscribe page's address.
  await app.register(postUnsubscribeOneClickRoutes);
  // Development only: it shows every email, so it does not exist at all unless DEV_MAILBOX is on.
  if (config.devMailbox) await app.register(devMailboxRoutes);
  // Development only (DEV_TOOLS=true, refused in production): run a job at a chosen clock.
  if (config.devTools) await app.register(devToolsRoutes);
  await app.register(imageRoutes, { prefix: '/uploads' });
  await app.register(remoteMapRoutes, { config });
  await app.register(staticSite, { config, remoteNames: REMOTE_NAMES });

  // Delivers the email outbox while the app runs (unless EMAIL_SENDER_ENABLED=false).
  registerEmailSender(app, config, db);
  return app;
}
