import { useCreatorPayouts } from '@beabro/shared/api/get-payouts';
import type { PayoutDto } from '@beabro/shared/api-schemas/payouts';
import { formatUsd } from '@beabro/shared/money/fees';
import { Badge, type BadgeTone } from '@beabro/shared/ui/badge';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { SectionCard } from '../../../components/section-card';
import { TextLink } from '../../../components/text-link';
import { paths } from '@beabro/shared/contract/paths';
import { formatDate, formatDayMonth, formatLongDate } from '../../../lib/format';
import { StripePayoutsSection } from './stripe-payouts-section';

const HISTORY_SHOWN = 6;

const STATUS: Record<PayoutDto['status'], { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  processing: { label: 'Processing', tone: 'brand' },
  held: { label: 'Held', tone: 'warning' },
  carried_over: { label: 'Paid later', tone: 'neutral' },
};

/** The next weekly payout (amount, date, or why it is held), the balance, and the latest payouts. */
export function PayoutsCard() {
  const query = useCreatorPayouts();
  return (
    <SectionCard title="Payouts" actions={<TextLink to={paths.helpPayouts}>How payouts work</TextLink>}>
      {query.isPending ? (
        <LoadingStatus label="Loading your payouts..." />
      ) : query.isError ? (
        <LoadError error={query.error} what="your payouts" onRetry={() => void query.refetch()} />
      ) : (
        <PayoutsBody data={query.data} />
      )}
      <StripePayoutsSection />
    </SectionCard>
  );
}

function PayoutsBody({ data }: { data: NonNullable<ReturnType<typeof useCreatorPayouts>['data']> }) {
  const { nextPayout, payouts } = data;
  const shown = payouts.slice(0, HISTORY_SHOWN);
  return (
    <div css={(theme) => ({ display: 'grid', gap: theme.space(4) })}>
      <div
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(3),
          gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
        })}
      >
        <div
          css={(theme) => ({
            padding: theme.space(4),
            borderRadius: theme.radius.md,
            background: theme.color.brandSoft,
          })}
        >
          <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
            Next payout (estimate)
          </p>
          <p
            css={(theme) => ({
              margin: `${theme.space(1)} 0 0`,
              fontSize: theme.font.size.xl,
              fontWeight: theme.font.weight.bold,
            })}
          >
            {formatUsd(nextPayout.estimatedAmountCents)}
          </p>
          <p css={(theme) => ({ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.size.sm })}>
            {/* A held payout is not paid on the run's date: the note below says when it will be. */}
            {nextPayout.holdReason
              ? `Held, for ${formatDayMonth(nextPayout.weekStart)} – ${formatDate(nextPayout.weekEnd)}: see below`
              : `${formatLongDate(nextPayout.scheduledFor)}, for ${formatDayMonth(nextPayout.weekStart)} – ${formatDate(nextPayout.weekEnd)}`}
          </p>
        </div>
        <div
          css={(theme) => ({
            padding: theme.space(4),
            borderRadius: theme.radius.md,
            background: theme.color.surfaceMuted,
          })}
        >
          <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
            Balance not yet paid out
          </p>
          <p
            css={(theme) => ({
              margin: `${theme.space(1)} 0 0`,
              fontSize: theme.font.size.xl,
              fontWeight: theme.font.weight.bold,
            })}
          >
            {formatUsd(data.balanceCents)}
          </p>
          <p
            css={(theme) => ({
              margin: `${theme.space(1)} 0 0`,
              fontSize: theme.font.size.sm,
              color: theme.color.textMuted,
            })}
          >
            {data.balanceCents < 0
              ? 'Below zero after refunds of supports already paid out: your next payouts recover it first.'
              : 'Your earnings after fees, minus refunds and payouts made.'}
          </p>
        </div>
      </div>
      {nextPayout.holdReason ? (
        <div
          role="note"
          css={(theme) => ({
            padding: theme.space(3),
            borderRadius: theme.radius.md,
            background: theme.color.warningSoft,
            color: theme.color.warning,
            fontSize: theme.font.size.sm,
          })}
        >
          <strong>Held: </strong>
          {nextPayout.holdReason}{' '}
          {!data.payoutCountrySupported ? <TextLink to={paths.settings('support')}>Set your country</TextLink> : null}
        </div>
      ) : nextPayout.estimatedAmountCents === 0 ? (
        <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
          Nothing to pay out yet: supports you receive are paid out the Tuesday after their week ends.
        </p>
      ) : null}
      <div>
        <h3 css={(theme) => ({ margin: `0 0 ${theme.space(2)}`, fontSize: theme.font.size.md })}>Payout history</h3>
        {shown.length === 0 ? (
          <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
            No payouts yet.
          </p>
        ) : (
          <div css={{ overflowX: 'auto' }}>
            <table
              css={(theme) => ({
                width: '100%',
                borderCollapse: 'collapse',
                fontSize: theme.font.size.sm,
                '& th, & td': {
                  textAlign: 'left',
                  padding: `${theme.space(2)} ${theme.space(2)}`,
                  borderTop: `1px solid ${theme.color.border}`,
                  verticalAlign: 'top',
                },
              })}
            >
              <caption className="visually-hidden">Your latest payouts, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Week</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((payout) => (
                  <tr key={payout.id}>
                    <td>{`${formatDayMonth(payout.weekStart)} – ${formatDate(payout.weekEnd)}`}</td>
                    <td>{formatUsd(payout.amountCents)}</td>
                    <td>
                      <Badge tone={STATUS[payout.status].tone}>{STATUS[payout.status].label}</Badge>
                      {payout.status === 'paid' && payout.paidAt ? (
                        <span css={{ marginLeft: '0.375rem' }}>{formatDate(payout.paidAt)}</span>
                      ) : null}
                      {payout.status === 'held' && payout.holdReason ? (
                        <p css={(theme) => ({ margin: '0.25rem 0 0', color: theme.color.textMuted })}>
                          {payout.holdReason}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}
