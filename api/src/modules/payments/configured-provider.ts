import type { AppConfig, PaymentsConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { PaymentProvider, ProviderCapabilities } from './payment-provider';
import {
  createSandboxPaymentProvider,
  SANDBOX_CAPABILITIES,
  sandboxSigningSecret,
  type SandboxOptions,
  type SandboxPaymentProvider,
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
 * The one place a provider is chosen, from the configuration: Stripe with PAYMENT_PROVIDER=stripe, else the sandbox
 * (its events delivered and logged as `sandbox` says; only the server delivers them).
 */
export function createConfiguredProvider(
  config: AppConfig,
  db: Db,
  appSecret: string,
  sandbox: Omit<SandboxOptions, 'signingSecret'> = {},
): StripePaymentProvider | SandboxPaymentProvider {
  if (config.payments.provider === 'stripe') return createStripeProvider(config.payments);
  return createSandboxPaymentProvider(db, { ...sandbox, signingSecret: sandboxSigningSecret(appSecret) });
}

/**
 * The provider a job run outside the server uses (the jobs command, the development tools): the sandbox at the
 * job's clock, or Stripe, whose clock is its own.
 */
export function createJobPaymentProvider(config: AppConfig, db: Db, appSecret: string, now: Date): PaymentProvider {
  return createConfiguredProvider(config, db, appSecret, { now: () => now });
}

/** What the configured provider can do, for code that has the configuration but no provider (the page's policy). */
export function configuredCapabilities(payments: PaymentsConfig): ProviderCapabilities {
  return payments.provider === 'stripe' ? STRIPE_CAPABILITIES : SANDBOX_CAPABILITIES;
}
