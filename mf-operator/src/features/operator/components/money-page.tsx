import { Button } from '@beabro/shared/ui/button';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { useMoney, useRetryStuck } from '../api/operator-api';
import { formatPerCurrency } from '@beabro/shared/money/currencies';
import { date, dateTime, money } from '../lib/format';
import { DataTable, QueryView, Section, useOutcome } from './operator-ui';

/** Disputes, payouts that failed or wait, refunds not done, stuck retries, reconciliation and revenue. */
export function MoneyPage() {
  const overview = useMoney();
  const retry = useRetryStuck();
  const outcome = useOutcome();
  const retryItem = async (kind: string, id: string) => {
    try {
      const answer = await retry.mutateAsync({ kind, id });
      outcome.succeed(answer.message);
    } catch (error) {
      outcome.fail(error, 'The retry did not run. Please try again.');
    }
  };
  return (
    <>
      <h2 css={(theme) => ({ fontSize: theme.font.size.xl, margin: 0 })}>Money</h2>
      <QueryView query={overview} loading="Loading money…">
        {(data) => (
          <>
            <Section title="Reconciliation">
              {data.reconciliation === null ? (
                <p css={{ margin: 0 }}>The daily reconciliation has not run yet.</p>
              ) : data.reconciliation.ok ? (
                <OutcomeMessage tone="success">
                  Matched the payment provider on {dateTime(data.reconciliation.ranAt)}.
                </OutcomeMessage>
              ) : (
                <OutcomeMessage tone="danger">
                  <p>Differences found on {dateTime(data.reconciliation.ranAt)}:</p>
                  <ul css={{ margin: '0.5rem 0 0', paddingLeft: '1.25rem' }}>
                    {data.reconciliation.differences.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </OutcomeMessage>
              )}
            </Section>
            <Section title="Disputes">
              <DataTable
                label="Disputes"
                columns={['Evidence due', 'Creator', 'Amount', 'Reason', 'Status', 'Opened']}
                empty="No disputes."
                rows={data.disputes.map((dispute) => ({
                  key: dispute.id,
                  cells: [
                    dispute.dueBy ? dateTime(dispute.dueBy) : '—',
                    dispute.creatorUsername ? `@${dispute.creatorUsername}` : '—',
                    money(dispute.amountCents, dispute.currency),
                    dispute.reason,
                    dispute.status,
                    dateTime(dispute.createdAt),
                  ],
                }))}
              />
            </Section>
            <Section title="Failed payouts">
              <PayoutsTable label="Failed payouts" payouts={data.failedPayouts} empty="No failed payouts." />
            </Section>
            <Section title="Held payouts">
              <PayoutsTable label="Held payouts" payouts={data.heldPayouts} empty="No held payouts." />
            </Section>
            <Section title="Pending refunds">
              <DataTable
                label="Pending refunds"
                columns={['Requested', 'Amount', 'Support id', 'Last error']}
                empty="No pending refunds."
                rows={data.pendingRefunds.map((refund) => ({
                  key: refund.id,
                  cells: [
                    dateTime(refund.createdAt),
                    money(refund.amountCents, refund.currency),
                    <code key="support">{refund.supportId}</code>,
                    refund.lastError ?? '—',
                  ],
                }))}
              />
            </Section>
            <Section title="Stuck items">
              {outcome.node}
              <DataTable
                label="Stuck items"
                columns={['Kind', 'Id', 'Attempts', 'Next attempt', 'Last error', 'Actions']}
                empty="Nothing is stuck."
                rows={data.stuckItems.map((item) => ({
                  key: `${item.kind}:${item.id}`,
                  cells: [
                    item.kind,
                    <code key="id">{item.id}</code>,
                    item.attempts,
                    item.nextAttemptAt ? dateTime(item.nextAttemptAt) : '—',
                    item.lastError ?? '—',
                    <Button
                      key="retry"
                      size="sm"
                      disabled={retry.isPending}
                      aria-label={`Retry ${item.kind} ${item.id}`}
                      onClick={() => void retryItem(item.kind, item.id)}
                    >
                      Retry
                    </Button>,
                  ],
                }))}
              />
            </Section>
            <Section title="Revenue by week">
              <DataTable
                label="Revenue by week"
                columns={['Week of', 'Revenue', 'Supports']}
                empty="No revenue yet."
                rows={data.revenueByWeek.map((week) => ({
                  key: week.weekStart,
                  cells: [
                    date(week.weekStart),
                    formatPerCurrency(week.revenue.map((r) => ({ currency: r.currency, cents: r.revenueCents }))),
                    week.supports,
                  ],
                }))}
              />
            </Section>
          </>
        )}
      </QueryView>
    </>
  );
}

function PayoutsTable({
  label,
  payouts,
  empty,
}: {
  label: string;
  payouts: readonly {
    id: string;
    username: string | null;
    /** Null for Stripe's payouts, which pay the balance available. */
    weekStart: string | null;
    amountCents: number;
    currency: string;
    status: string;
    holdReason: string | null;
    createdAt: string;
  }[];
  empty: string;
}) {
  return (
    <DataTable
      label={label}
      columns={['Creator', 'Week of', 'Amount', 'Status', 'Reason', 'Created']}
      empty={empty}
      rows={payouts.map((payout) => ({
        key: payout.id,
        cells: [
          payout.username ? `@${payout.username}` : '—',
          payout.weekStart ? date(payout.weekStart) : '—',
          money(payout.amountCents, payout.currency),
          payout.status,
          payout.holdReason ?? '—',
          dateTime(payout.createdAt),
        ],
      }))}
    />
  );
}
