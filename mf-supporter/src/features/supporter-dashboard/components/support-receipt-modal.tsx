import { processingFeeLabel } from '@beabro/shared/money/fees';
import { formatMoney } from '@beabro/shared/money/currencies';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@beabro/shared/ui/button';
import { Modal } from '@beabro/shared/ui/modal';
import { paths } from '@beabro/shared/contract/paths';
import { formatDateTime } from '../../../lib/format-date';
import type { GivenSupportDto } from '@beabro/shared/api-schemas/supports';
import { paymentCardOf } from '../utils/payment-card';
import { supportKindLabel } from '../utils/support-kind-label';

/** One line of the receipt; `text` lines (message, reference) may wrap, amounts never break. */
function Row({
  label,
  children,
  strong = false,
  text = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  text?: boolean;
}) {
  return (
    <div
      css={(theme) => ({
        display: 'flex',
        justifyContent: 'space-between',
        gap: theme.space(4),
        padding: `${theme.space(2)} 0`,
        borderTop: `1px solid ${theme.color.border}`,
        fontWeight: strong ? theme.font.weight.bold : theme.font.weight.normal,
      })}
    >
      <dt css={(theme) => ({ color: strong ? theme.color.text : theme.color.textMuted })}>{label}</dt>
      <dd
        css={
          text
            ? { margin: 0, textAlign: 'right', overflowWrap: 'anywhere', minWidth: 0 }
            : { margin: 0, textAlign: 'right', flex: 'none', whiteSpace: 'nowrap' }
        }
      >
        {children}
      </dd>
    </div>
  );
}

/** The receipt of one support: what was paid, where it went (fees and the creator's share), and how. */
export function SupportReceiptModal({ support, onClose }: { support: GivenSupportDto | null; onClose: () => void }) {
  const card = support ? paymentCardOf(support) : null;
  return (
    <Modal
      open={support !== null}
      title="Receipt"
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {support ? (
        <>
          <p
            css={(theme) => ({
              margin: `0 0 ${theme.space(3)}`,
              fontSize: theme.font.size.xxl,
              fontWeight: theme.font.weight.bold,
            })}
          >
            {formatMoney(support.amountCents, support.currency)}
            {support.isRecurring ? (
              <span
                css={(theme) => ({
                  fontSize: theme.font.size.md,
                  color: theme.color.textMuted,
                  fontWeight: theme.font.weight.normal,
                })}
              >
                /month
              </span>
            ) : null}
          </p>
          <dl css={{ margin: 0 }}>
            <Row label="Creator" text>
              <Link to={paths.profile(support.creatorUsername)}>{support.creatorDisplayName}</Link>
            </Row>
            <Row label="Date" text>
              {formatDateTime(support.createdAt)}
            </Row>
            <Row label="Type">{supportKindLabel(support)}</Row>
            <Row label="Amount">{formatMoney(support.amountCents, support.currency)}</Row>
            <Row label="Platform fee (5%)">{formatMoney(support.platformFeeCents, support.currency)}</Row>
            <Row label={processingFeeLabel(support.currency)}>
              {formatMoney(support.processingFeeCents, support.currency)}
            </Row>
            <Row label="Creator receives" strong>
              {formatMoney(support.creatorNetCents, support.currency)}
            </Row>
            {support.refundedCents > 0 ? (
              <Row label="Refunded to your card" strong>
                {formatMoney(support.refundedCents, support.currency)}
              </Row>
            ) : null}
            {card ? (
              <Row label="Paid with">
                {card.brand} ending in {card.last4}
              </Row>
            ) : null}
            {support.asGuest ? (
              <Row label="Made" text>
                As a guest, with your email
              </Row>
            ) : null}
            {support.isAnonymous ? <Row label="Shown to others as">Anonymous</Row> : null}
            {support.message ? (
              <Row label="Message" text>
                “{support.message}”
              </Row>
            ) : null}
            <Row label="Reference" text>
              <span
                css={(theme) => ({
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  fontSize: theme.font.size.xs,
                })}
              >
                {support.id}
              </span>
            </Row>
          </dl>
        </>
      ) : null}
    </Modal>
  );
}
