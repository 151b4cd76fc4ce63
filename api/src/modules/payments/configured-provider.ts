import type { AppConfig, PaymentsConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { PaymentProvider, ProviderCapabilities } from './payment-provider';
import {
  createSandboxPaymentProvider,
  SANDBOX_CAPABILITIES,
  sandboxSigningSecret,
} from './sandbox/sandbox-payment-provider';
import { STRIPE_CAPABILITIES, StripePaymentProvider, STRIPE_JS_URL } from './stripe/stripe-provider';

/** The Stripe adapter for PAYMENT_PROVIDER=stripe, with the keys and (for the stand-in) the API base of the config. */
export function createStripeProvider(payments: Extract<PaymentsConfig, { provider: 'stripe' }>): StripePaymentProvider {
  return new StripePaymentProvider({
    secretKey: payments.secretKey,
    publishableKey: payments.publishableKey,
    webhookSecret: payments.webhookSecret,
    connectWebhookSecret: payments.connectWebhookSecret,
    cardFrameUrl: STRIPE_JS_URL,
    ...(payments.api ? { api: payments.api } : {}),
  });
}

/**
 * The provider a job run outside the server uses (the jobs command, the development tools): the sandbox at the
 * job's clock, or Stripe, whose clock is its own.
 */
export function createJobPaymentProvider(config: AppConfig, db: Db, appSecret: string, now: Date): PaymentProvider {
  if (config.payments.provider === 'stripe') return createStripeProvider(config.payments);
  return createSandboxPaymentProvider(db, { now: () => now, signingSecret: sandboxSigningSecret(appSecret) });
}

/** What the configured provider can do, for code that has the configuration but no provider (the page's policy). */
export function configuredCapabilities(payments: PaymentsConfig): ProviderCapabilities {
  return payments.provider === 'stripe' ? STRIPE_CAPABILITIES : SANDBOX_CAPABILITIES;
}
