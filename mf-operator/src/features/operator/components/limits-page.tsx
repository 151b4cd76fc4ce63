import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { useLimits, useUnblockLimit } from '../api/operator-api';
import { dateTime } from '../lib/format';
import { DataTable, QueryView, Section, useOutcome } from './operator-ui';

const FRAUD_ALERT_KINDS = { card_testing: 'Card testing', early_fraud_warning: 'Early fraud warning' } as const;

/**
 * Rate-limit counters and backoffs (busiest first), with Unblock, and the fraud controls' alerts (a card-testing key
 * that still refuses payments can be unblocked too).
 */
export function LimitsPage() {
  const limits = useLimits();
  const unblock = useUnblockLimit();
  const outcome = useOutcome();
  const unblockKey = async (key: string) => {
    try {
      await unblock.mutateAsync(key);
      outcome.succeed(`${key} is unblocked.`);
    } catch (error) {
      outcome.fail(error, 'It could not be unblocked. Please try again.');
    }
  };
  const unblockButton = (key: string) => (
    <Button
      key="unblock"
      size="sm"
      variant="secondary"
      disabled={unblock.isPending}
      aria-label={`Unblock ${key}`}
      onClick={() => void unblockKey(key)}
    >
      Unblock
    </Button>
  );
  return (
    <>
      <h2 css={(theme) => ({ fontSize: theme.font.size.xl, margin: 0 })}>Limits</h2>
      {outcome.node}
      <QueryView query={limits} loading="Loading limits…">
        {(data) => (
          <>
            <Section title="Fraud alerts">
              <DataTable
                label="Fraud alerts"
                columns={['At', 'Kind', 'Key', 'Detail', 'State', 'Actions']}
                empty="No fraud alerts."
                rows={data.fraudAlerts.map((alert, i) => ({
                  key: `${alert.at}-${alert.key}-${i}`,
                  cells: [
                    dateTime(alert.at),
                    FRAUD_ALERT_KINDS[alert.kind],
                    <code key="key">{alert.key}</code>,
                    alert.detail,
                    alert.blockedUntil ? (
                      <Badge key="state" tone="danger">
                        Blocked until {dateTime(alert.blockedUntil)}
                      </Badge>
                    ) : alert.kind === 'card_testing' ? (
                      <Badge key="state" tone="neutral">
                        Open
                      </Badge>
                    ) : (
                      <Badge key="state" tone="neutral">
                        Refunded
                      </Badge>
                    ),
                    alert.blockedUntil ? unblockButton(alert.key) : null,
                  ],
                }))}
              />
            </Section>
            <Section title="Counters">
              <DataTable
                label="Rate-limit counters"
                columns={['Key', 'Count', 'Window start', 'State', 'Actions']}
                empty="No counters in their window."
                rows={data.counters.map((counter) => ({
                  key: `${counter.key}-${counter.windowStart}`,
                  cells: [
                    <code key="key">{counter.key}</code>,
                    counter.count,
                    dateTime(counter.windowStart),
                    counter.blocked ? <Badge tone="danger">Blocked</Badge> : <Badge tone="neutral">Counting</Badge>,
                    unblockButton(counter.key),
                  ],
                }))}
              />
            </Section>
            <Section title="Backoffs">
              <DataTable
                label="Backoffs"
                columns={['Key', 'Attempts', 'Last attempt', 'Actions']}
                empty="No backoffs."
                rows={data.backoffs.map((backoff) => ({
                  key: backoff.key,
                  cells: [
                    <code key="key">{backoff.key}</code>,
                    backoff.attempts,
                    dateTime(backoff.lastAttemptAt),
                    unblockButton(backoff.key),
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
