import { formatMoney } from '@beabro/shared/money/currencies';
import { useState } from 'react';
import type { ReceivedSupportDto } from '@beabro/shared/api-schemas/supports';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { SectionCard } from '../../../components/section-card';
import { TextLink } from '../../../components/text-link';
import { paths } from '@beabro/shared/contract/paths';
import { formatRelative } from '../../../lib/format';
import { RefundDialog } from './refund-dialog';
import { WallControl, wallBadge } from './wall-control';
import { SproutIcon } from '@beabro/shared/ui/icons/sprout';

function supporterLabel(support: ReceivedSupportDto): string {
  if (support.isAnonymous) return 'Anonymous';
  return support.name ?? 'Someone (no name given)';
}

/** "Refunded $10.00" when all of it went back, "Partially refunded $3.00" otherwise; null without refunds. */
export function refundLabel(
  support: Pick<ReceivedSupportDto, 'refundedCents' | 'amountCents' | 'currency'>,
): string | null {
  if (support.refundedCents <= 0) return null;
  return support.refundedCents >= support.amountCents
    ? `Refunded ${formatMoney(support.refundedCents, support.currency)}`
    : `Partially refunded ${formatMoney(support.refundedCents, support.currency)}`;
}

/**
 * What the creator gets from a support: its net, less what refunds took off the balance (the amount refunded
 * minus the platform fee returned). A full refund costs the card processing fee, which the processor keeps.
 */
export function creatorReceivesLabel(
  support: Pick<ReceivedSupportDto, 'creatorNetCents' | 'refundedCents' | 'platformFeeReturnedCents' | 'currency'>,
): string {
  if (support.refundedCents <= 0) return `you receive ${formatMoney(support.creatorNetCents, support.currency)}`;
  const after = support.creatorNetCents - support.refundedCents + support.platformFeeReturnedCents;
  return after >= 0
    ? `you receive ${formatMoney(after, support.currency)} after the refund`
    : `the refund costs you ${formatMoney(-after, support.currency)} of card processing fees`;
}

/** The latest supports, newest first, with View All to analytics, and a Refund action on each one that can still be refunded. */
export function RecentSupportCard({ supports, now = new Date() }: { supports: ReceivedSupportDto[]; now?: Date }) {
  const [refunding, setRefunding] = useState<ReceivedSupportDto | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <SectionCard title="Recent Support" actions={<TextLink to={paths.analytics()}>View All</TextLink>}>
      <p
        role="status"
        css={(theme) => ({
          margin: done ? `0 0 ${theme.space(3)}` : 0,
          color: theme.color.success,
          fontWeight: theme.font.weight.medium,
        })}
      >
        {done}
      </p>
      <RefundDialog
        support={refunding}
        supporterLabel={refunding ? supporterLabel(refunding) : ''}
        onClose={() => setRefunding(null)}
        onRefunded={(answer) => {
          const who = refunding ? supporterLabel(refunding) : 'the supporter';
          setRefunding(null);
          setDone(
            `Refunded ${formatMoney(answer.refund.amountCents, answer.refund.currency)} to ${who}.${answer.refund.subscriptionCanceled ? ' Their monthly support is cancelled.' : ''}`,
          );
        }}
      />
      {supports.length === 0 ? (
        <div
          css={(theme) => ({
            textAlign: 'center',
            padding: `${theme.space(6)} ${theme.space(2)}`,
            color: theme.color.textMuted,
          })}
        >
          <p
            css={(theme) => ({ margin: 0, fontSize: '2rem', lineHeight: 1, color: theme.color.brand })}
            aria-hidden="true"
          >
            <SproutIcon />
          </p>
          <p
            css={(theme) => ({
              margin: `${theme.space(2)} 0 0`,
              fontWeight: theme.font.weight.medium,
              color: theme.color.text,
            })}
          >
            No supports yet
          </p>
          <p css={(theme) => ({ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.size.sm })}>
            Share your page with your community: your first bro will show up here.
          </p>
        </div>
      ) : (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {supports.map((support) => (
            <li
              key={support.id}
              css={(theme) => ({
                display: 'flex',
                gap: theme.space(3),
                padding: `${theme.space(3)} 0`,
                borderTop: `1px solid ${theme.color.border}`,
                '&:first-of-type': { borderTop: 0, paddingTop: 0 },
              })}
            >
              <span
                aria-hidden="true"
                css={(theme) => ({
                  flex: 'none',
                  width: '2.5rem',
                  height: '2.5rem',
                  borderRadius: theme.radius.pill,
                  background: theme.color.brandSoft,
                  color: theme.color.brandHover,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontWeight: theme.font.weight.bold,
                })}
              >
                {support.isAnonymous || !support.name ? '?' : support.name.slice(0, 1).toUpperCase()}
              </span>
              <div css={{ flex: 1, minWidth: 0 }}>
                <div css={{ display: 'flex', justifyContent: 'space-between', gap: '0.5rem', flexWrap: 'wrap' }}>
                  <span css={(theme) => ({ fontWeight: theme.font.weight.medium, overflowWrap: 'anywhere' })}>
                    {supporterLabel(support)}
                  </span>
                  <span css={(theme) => ({ fontWeight: theme.font.weight.bold, color: theme.color.success })}>
                    {formatMoney(support.amountCents, support.currency)}
                  </span>
                </div>
                <div
                  css={(theme) => ({
                    display: 'flex',
                    gap: '0.5rem',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    fontSize: theme.font.size.sm,
                    color: theme.color.textMuted,
                  })}
                >
                  <time dateTime={support.createdAt}>{formatRelative(support.createdAt, now)}</time>
                  <span>{`· ${creatorReceivesLabel(support)}`}</span>
                  {support.isRenewal ? (
                    <Badge tone="neutral">Monthly renewal</Badge>
                  ) : support.isRecurring ? (
                    <Badge tone="brand">Monthly</Badge>
                  ) : null}
                  {refundLabel(support) ? <Badge tone="warning">{refundLabel(support)}</Badge> : null}
                  {wallBadge(support.wall)}
                </div>
                {support.message ? (
                  <p
                    css={(theme) => ({
                      margin: `${theme.space(1)} 0 0`,
                      fontSize: theme.font.size.sm,
                      overflowWrap: 'anywhere',
                    })}
                  >{`“${support.message}”`}</p>
                ) : null}
                {support.refundableCents > 0 || support.wall !== null ? (
                  <div
                    css={(theme) => ({
                      marginTop: theme.space(2),
                      display: 'flex',
                      gap: theme.space(2),
                      flexWrap: 'wrap',
                    })}
                  >
                    {support.refundableCents > 0 ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Refund the ${formatMoney(support.amountCents, support.currency)} support from ${supporterLabel(support)}`}
                        onClick={() => setRefunding(support)}
                      >
                        Refund
                      </Button>
                    ) : null}
                    {support.wall !== null ? (
                      <WallControl supportId={support.id} wall={support.wall} supporter={supporterLabel(support)} />
                    ) : null}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
