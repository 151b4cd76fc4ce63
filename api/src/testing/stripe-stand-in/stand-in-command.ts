import { startStripeStandIn } from './stripe-stand-in';

/*
 * Runs the Stripe stand-in on its own, for trying an adapter by hand or from an end-to-end run:
 *   pnpm --filter api stripe:stand-in
 * Listens on 127.0.0.1 only. Prints the keys and URL to give the SDK (host, port, protocol http).
 * Optional: STRIPE_STAND_IN_PORT (default 12111), STRIPE_STAND_IN_SECRET_KEY, STRIPE_STAND_IN_PUBLISHABLE_KEY,
 * STRIPE_STAND_IN_WEBHOOK_URL with STRIPE_STAND_IN_WEBHOOK_SECRET (platform events), and
 * STRIPE_STAND_IN_CONNECT_WEBHOOK_URL with STRIPE_STAND_IN_CONNECT_WEBHOOK_SECRET (connected accounts' events).
 */

function endpoint(urlName: string, secretName: string, connect: boolean) {
  const url = process.env[urlName];
  const secret = process.env[secretName];
  if (!url && !secret) return [];
  if (!url || !secret) throw new Error(`Set both ${urlName} and ${secretName}, or neither`);
  return [{ url, secret, connect }];
}

const standIn = await startStripeStandIn({
  port: Number(process.env.STRIPE_STAND_IN_PORT ?? 12111),
  secretKey: process.env.STRIPE_STAND_IN_SECRET_KEY,
  publishableKey: process.env.STRIPE_STAND_IN_PUBLISHABLE_KEY,
  webhookEndpoints: [
    ...endpoint('STRIPE_STAND_IN_WEBHOOK_URL', 'STRIPE_STAND_IN_WEBHOOK_SECRET', false),
    ...endpoint('STRIPE_STAND_IN_CONNECT_WEBHOOK_URL', 'STRIPE_STAND_IN_CONNECT_WEBHOOK_SECRET', true),
  ],
});
console.log(
  JSON.stringify(
    { url: standIn.url, secretKey: standIn.secretKey, publishableKey: standIn.publishableKey, sdk: standIn.sdkOptions },
    null,
    2,
  ),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
