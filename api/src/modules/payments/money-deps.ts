import type { Db } from '../../db/database';
import type { FraudSettings } from '../fraud/fraud-service';
import type { PaymentProvider } from './payment-provider';

/** What every money operation (checkout, renewals, card changes, refunds, disputes, payouts) works with. */
export interface MoneyDeps {
  db: Db;
  provider: PaymentProvider;
  /** Signs cancel links and request fingerprints. */
  appSecret: string;
  /** Origin of links in emails, e.g. https://beabro.app. */
  origin: string;
  now?: () => Date;
  /** How long a concurrent duplicate waits for the first request (tests shorten it). */
  duplicateWaitMs?: number;
  /** The card-testing defence's limits and where its alerts go (default: DEFAULT_FRAUD_SETTINGS). */
  fraud?: FraudSettings;
  /** Where jobs report a failure they survive (default console.error). */
  log?: (message: string) => void;
}

/** The options of every route plugin that moves money. */
export interface MoneyRouteOptions {
  provider: PaymentProvider;
  appSecret: string;
}
