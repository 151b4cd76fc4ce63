import { recoverInterruptedCheckouts } from '../checkout/checkout-service';
import { retryDisputeRecoveries } from '../disputes/dispute-recovery';
import { previousUtcDay, reconcile } from '../ledger/reconciliation-service';
import { runPayouts } from '../payouts/payouts-service';
import { recoverInterruptedRefunds, retryCreatorRestores } from '../refunds/refunds-service';
import { sendPendingPostEmails } from '../posts/post-emails';
import { runMonthlyReports } from '../reports/monthly-report-service';
import { retryCardDetachments } from '../subscriptions/card-detachments';
import { runRenewals } from '../subscriptions/renewal-service';
import type { JobName } from './run-job';
import type { MoneyDeps } from '../payments/money-deps';

/**
 * What each job does at a given clock (the scheduler passes now; the CLI can pass --now). Every loop over rows takes
 * each row on its own: a row that throws is logged with its id and counted under a key `errors` or ending in
 * `Errors`, which runJob adds up and reports (itemErrorCount), and the loop goes on with the next row.
 */
export function jobDefinitions(deps: MoneyDeps): Record<JobName, (now: Date) => Promise<Record<string, unknown>>> {
  return {
    renewals: async (now) => ({ ...(await runRenewals({ ...deps, now: () => now }, now)) }),
    payouts: async (now) => ({ ...(await runPayouts(deps, now)) }),
    'recover-payments': async (now) => {
      const checkouts = await recoverInterruptedCheckouts({ ...deps, now: () => now });
      const refunds = await recoverInterruptedRefunds({ ...deps, now: () => now });
      const restores = await retryCreatorRestores({ ...deps, now: () => now });
      const disputeRecoveries = await retryDisputeRecoveries({ ...deps, now: () => now });
      return {
        recovered: checkouts.recovered,
        checkoutErrors: checkouts.errors,
        refundsRecovered: refunds.recovered,
        refundErrors: refunds.errors,
        creatorSharesRestored: restores.restored,
        creatorRestoreErrors: restores.errors,
        disputeSharesRecovered: disputeRecoveries.recovered,
        disputeRecoveryErrors: disputeRecoveries.errors,
        ...(await retryCardDetachments(deps, now)),
      };
    },
    'monthly-reports': async (now) => ({ ...(await runMonthlyReports(deps.db, deps.origin, now, deps.log)) }),
    'post-emails': async (now) => ({
      ...(await sendPendingPostEmails(
        { db: deps.db, origin: deps.origin, appSecret: deps.appSecret, ...(deps.log ? { log: deps.log } : {}) },
        now,
      )),
    }),
    // The previous UTC day against the provider's balance transactions; each unexplained difference is logged and
    // counted (reconciliationErrors), so the run shows in the job's alerts (docs/going-live.md).
    reconciliation: async (now) => {
      const result = await reconcile(deps.db, deps.provider, previousUtcDay(now), now);
      for (const line of result.differences) deps.log?.(`reconciliation: ${line}`);
      return { accountsChecked: result.accountsChecked, reconciliationErrors: result.differences.length };
    },
  };
}
