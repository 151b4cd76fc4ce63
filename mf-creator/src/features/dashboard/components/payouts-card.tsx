import { CREATOR_PAYOUTS_CSV_URL, useCreatorPayouts } from '@beabro/shared/api/get-payouts';
import type { PayoutDto } from '@beabro/shared/api-schemas/payouts';
import { formatMoney } from '@beabro/shared/money/currencies';
import { Badge, type BadgeTone } from '@beabro/shared/ui/badge';
import { buttonStyle } from '@beabro/shared/ui/button';
import { DownloadIcon } from '@beabro/shared/ui/icons/download';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { SectionCard } from '../../../components/section-card';
import { TextLink } from '../../../components/text-link';
import { paths } from '@beabro/shared/contract/paths';
import { formatDate, formatDayMonth, formatLongDate } from '../../../lib/format';
import { StripePayoutsSection } from './stripe-payouts-section';

const HISTORY_SHOWN = 6;

/** held, processing and carried_over are the weekly payouts'; in_transit, failed and canceled Stripe's. */
const STATUS: Record<PayoutDto['status'], { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  processing: { label: 'Processing', tone: 'brand' },
  held: { label: 'Held', tone: 'warning' },
  carried_over: { label: 'Paid later', tone: 'neutral' },
  in_transit: { label: 'On its way', tone: 'brand' },
  failed: { label: 'Failed', tone: 'danger' },
  canceled: { label: 'Canceled', tone: 'neutral' },
};

/** Stripe's payout failure codes a creator meets most, in words; the message Stripe sent otherwise. */
const FAILURE_REASONS: Record<string, string> = {
  account_closed: 'The bank account is closed.',
  no_account: 'The bank account details are wrong: no such account.',
  invalid_account_number: 'The bank account number is not valid.',
  account_frozen: 'The bank account is frozen.',
  could_not_process: 'The bank could not process the payout.',
  bank_account_restricted: 'The bank account does not accept this payout.',
  insufficient_funds: 'Your Stripe balance was too low for the payout.',
};

function failureReason(payout: Pick<PayoutDto, 'failureCode' | 'failureMessage'>): string {
  return (
    (payout.failureCode && FAILURE_REASONS[payout.failureCode]) ??
    payout.failureMessage ??
    'The bank returned the payout.'
  );
}

/** "Jun 2 – Jun 8, 2025". */
function formatWeek(weekStart: string, weekEnd: string): string {
  return `${formatDayMonth(weekStart)} – ${formatDate(weekEnd)}`;
}

/**
 * The date cell of a row: the week a weekly payout covers; for one of Stripe's payouts (no week), when the bank gets
 * the money ("Arrives"), got it ("Arrived") or was due to ("Due", when the bank returned it); nothing when canceled.
 */
function payoutDate(payout: PayoutDto): string | null {
  if (payout.weekStart && payout.weekEnd) return formatWeek(payout.weekStart, payout.weekEnd);
  const arrival = payout.arrivalDate ?? (payout.status === 'paid' ? payout.paidAt : null);
  if (!arrival || payout.status === 'canceled') return null;
  const verb = payout.status === 'paid' ? 'Arrived' : payout.status === 'failed' ? 'Due' : 'Arrives';
  return `${verb} ${formatDate(arrival)}`;
}

/**
 * The next payout (amount, date, or why it is held), the balance, and the latest payouts: the weekly payouts with the
 * sandbox, Stripe's payouts to the creator's bank with Stripe (`paidBy`), in one list either way.
 */
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
  const { currency } = data;
  const { nextPayout, payouts } = data;
  // Who pays out: the platform, a week at a time (the sandbox), or else Stripe, from the creator's Stripe balance.
  const byStripe = data.paidBy !== 'platform';
  const shown = payouts.slice(0, HISTORY_SHOWN);
  // With Stripe the next payout is the whole balance available on Tuesday: no week to name.
  const week = nextPayout.weekStart && nextPayout.weekEnd ? formatWeek(nextPayout.weekStart, nextPayout.weekEnd) : null;
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
            {formatMoney(nextPayout.estimatedAmountCents, currency)}
          </p>
          <p css={(theme) => ({ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.size.sm })}>
            {/* A held payout is not paid on the run's date: the note below says when it will be. */}
            {nextPayout.holdReason
              ? week
                ? `Held, for ${week}: see below`
                : 'Held: see below'
              : week
                ? `${formatLongDate(nextPayout.scheduledFor)}, for ${week}`
                : formatLongDate(nextPayout.scheduledFor)}
          </p>
          {byStripe && !nextPayout.holdReason ? (
            <p
              css={(theme) => ({
                margin: `${theme.space(1)} 0 0`,
                fontSize: theme.font.size.sm,
                color: theme.color.textMuted,
              })}
            >
              Stripe pays the balance available that day to your bank.
            </p>
          ) : null}
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
            {formatMoney(data.balanceCents, currency)}
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
          {byStripe
            ? 'Nothing to pay out yet: supports you receive are paid out on the first Tuesday after Stripe makes them available on your balance.'
            : 'Nothing to pay out yet: supports you receive are paid out the Tuesday after their week ends.'}
        </p>
      ) : null}
      <div>
        <div
          css={(theme) => ({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: theme.space(2),
            marginBottom: theme.space(2),
          })}
        >
          <h3 css={(theme) => ({ margin: 0, fontSize: theme.font.size.md })}>Payout history</h3>
          {payouts.length > 0 ? (
            // Every payout of the last two years, where the card shows the latest.
            <a
              href={CREATOR_PAYOUTS_CSV_URL}
              download
              css={(theme) => buttonStyle(theme, { variant: 'secondary', size: 'sm' })}
            >
              <DownloadIcon size="1rem" /> Export CSV
            </a>
          ) : null}
        </div>
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
                  {/* The week for weekly payouts; for Stripe's, the day the bank gets the money. */}
                  <th scope="col">{byStripe ? 'Date' : 'Week'}</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((payout) => (
                  <tr key={payout.id}>
                    <td>{payoutDate(payout)}</td>
                    <td>{formatMoney(payout.amountCents, payout.currency)}</td>
                    <td>
                      <Badge tone={STATUS[payout.status].tone}>{STATUS[payout.status].label}</Badge>
                      {/* A Stripe payout's date column already says when it arrived. */}
                      {payout.status === 'paid' && payout.paidAt && payout.weekStart ? (
                        <span css={{ marginLeft: '0.375rem' }}>{formatDate(payout.paidAt)}</span>
                      ) : null}
                      {payout.status === 'held' && payout.holdReason ? (
                        <p css={(theme) => ({ margin: '0.25rem 0 0', color: theme.color.textMuted })}>
                          {payout.holdReason}
                        </p>
                      ) : null}
                      {payout.status === 'failed' ? (
                        <p css={(theme) => ({ margin: '0.25rem 0 0', color: theme.color.danger })}>
                          {failureReason(payout)} Stripe put the money back on your balance; check your bank details in
                          Stripe.
                        </p>
                      ) : null}
                      {payout.status === 'canceled' ? (
                        <p css={(theme) => ({ margin: '0.25rem 0 0', color: theme.color.textMuted })}>
                          Stripe canceled this payout before it reached your bank: the money stayed on your balance and
                          goes out with your next payout.
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
