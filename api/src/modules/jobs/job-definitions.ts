import { recoverInterruptedCheckouts } from '../checkout/checkout-service';
import { runPayouts } from '../payouts/payouts-service';
import { recoverInterruptedRefunds } from '../refunds/refunds-service';
import { sendPendingPostEmails } from '../posts/post-emails';
import { runMonthlyReports } from '../reports/monthly-report-service';
import { retryCardDetachments } from '../subscriptions/card-detachments';
import { runRenewals } from '../subscriptions/renewal-service';
import type { JobName } from './run-job';
import type { MoneyDeps } from '../payments/money-deps';

/** What each job does at a given clock (the scheduler passes now; the CLI can pass --now). */
export function jobDefinitions(deps: MoneyDeps): Record<JobName, (now: Date) => Promise<Record<string, unknown>>> {
  return {
    renewals: async (now) => ({ ...(await runRenewals({ ...deps, now: () => now }, now)) }),
    payouts: async (now) => ({ ...(await runPayouts(deps, now)) }),
    'recover-payments': async (now) => ({
      ...(await recoverInterruptedCheckouts({ ...deps, now: () => now })),
      refundsRecovered: (await recoverInterruptedRefunds({ ...deps, now: () => now })).recovered,
      ...(await retryCardDetachments(deps, now)),
    }),
    'monthly-reports': async (now) => ({ ...(await runMonthlyReports(deps.db, deps.origin, now)) }),
    'post-emails': async (now) => ({
      ...(await sendPendingPostEmails({ db: deps.db, origin: deps.origin, appSecret: deps.appSecret }, now)),
    }),
  };
}
