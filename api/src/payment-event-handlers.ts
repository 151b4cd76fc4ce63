import { recordCheckoutIntentEvent } from './modules/checkout/checkout-service';
import { recordDispute } from './modules/disputes/dispute-service';
import { recordEarlyFraudWarning } from './modules/fraud-warnings/early-fraud-warning';
import { createPaymentEventDispatcher, type PaymentEventDispatcher } from './modules/payments/payment-events';
import { recordPayoutAccountStatus } from './modules/payout-accounts/payout-accounts-service';
import { recordProviderPayout } from './modules/payouts/provider-payouts';
import { recordProviderRefundFailure, recordProviderReportedRefund } from './modules/refunds/refunds-service';
import { recordCardSetupEvent } from './modules/subscriptions/card-change';
import { recordConfirmedRenewal } from './modules/subscriptions/renewal-confirmation';

/**
 * Who handles which provider event: each money module registers its handler here, the composition root, so that
 * payments (which receives the events) imports none of the modules above it. The routes of both providers' events
 * and the tests take the dispatcher from here.
 */
export function paymentEventDispatcher(): PaymentEventDispatcher {
  return createPaymentEventDispatcher({
    intent: {
      checkout: recordCheckoutIntentEvent,
      // A renewal the supporter authenticated from the emailed link (the renewal job records the others).
      renewal: recordConfirmedRenewal,
    },
    dispute: recordDispute,
    refund: recordProviderReportedRefund,
    refundFailure: recordProviderRefundFailure,
    account: recordPayoutAccountStatus,
    payout: recordProviderPayout,
    fraudWarning: recordEarlyFraudWarning,
    cardSetup: recordCardSetupEvent,
  });
}
