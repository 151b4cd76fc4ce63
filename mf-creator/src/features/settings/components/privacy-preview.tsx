import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { PrivacySettingsValues } from '@beabro/shared/schemas/settings';
import { formatCount } from '../../../lib/format';

export interface PrivacyPreviewProps {
  privacy: PrivacySettingsValues;
  username: string;
  /** The creator's currency: the figures' amounts are in it. */
  currency: Currency;
  /** Real figures from the dashboard; undefined while they load (the preview then names the figures only). */
  figures: CreatorDashboard | undefined;
}

function Row({ label, value, hidden }: { label: string; value: string; hidden: boolean }) {
  return (
    <div
      css={(theme) => ({
        display: 'flex',
        justifyContent: 'space-between',
        gap: theme.space(3),
        padding: `${theme.space(2)} 0`,
        borderTop: `1px solid ${theme.color.border}`,
      })}
    >
      <dt css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>{label}</dt>
      <dd
        css={(theme) => ({
          margin: 0,
          fontWeight: theme.font.weight.bold,
          color: hidden ? theme.color.textMuted : theme.color.text,
          fontStyle: hidden ? 'italic' : 'normal',
          textAlign: 'right',
        })}
      >
        {value}
      </dd>
    </div>
  );
}

/** What a visitor of /{username} sees with these switches, using the creator's real figures. */
export function PrivacyPreview({ privacy, username, currency, figures }: PrivacyPreviewProps) {
  const money = (cents: number | undefined) => (cents === undefined ? 'Shown' : formatMoney(cents, currency));
  const goal = figures?.goal ?? null;
  return (
    <div
      aria-live="polite"
      css={(theme) => ({
        border: `1px dashed ${theme.color.borderStrong}`,
        borderRadius: theme.radius.md,
        padding: theme.space(4),
        background: theme.color.surfaceMuted,
      })}
    >
      <h3 css={(theme) => ({ margin: 0, fontSize: theme.font.size.md })}>Preview: what visitors see</h3>
      <p
        css={(theme) => ({
          margin: `${theme.space(1)} 0 ${theme.space(3)}`,
          fontSize: theme.font.size.sm,
          color: theme.color.textMuted,
        })}
      >
        {`On ${window.location.host}/${username}, with the switches as they are now (save to apply).`}
      </p>
      <dl css={{ margin: 0 }}>
        <Row
          label="Total Earned"
          hidden={!privacy.showEarnings}
          value={privacy.showEarnings ? money(figures?.totalEarnings.grossCents) : 'Hidden'}
        />
        <Row
          label="This Month"
          hidden={!privacy.showEarnings}
          value={privacy.showEarnings ? money(figures?.thisMonth.grossCents) : 'Hidden'}
        />
        <Row
          label="Supporters"
          hidden={!privacy.showSupporterCount}
          value={privacy.showSupporterCount ? (figures ? formatCount(figures.totalSupporters) : 'Shown') : 'Hidden'}
        />
        {goal ? (
          <Row
            label={`Goal: ${goal.title || 'your goal'}`}
            hidden={false}
            // With earnings hidden the page shows no progress (it would give the total away), only the target.
            value={
              privacy.showEarnings
                ? `${formatMoney(goal.raisedCents, currency, { whole: true })} of ${formatMoney(goal.amountCents, currency, { whole: true })} (${goal.percent}%)`
                : `Target ${formatMoney(goal.amountCents, currency, { whole: true })}, progress hidden`
            }
          />
        ) : null}
        <Row
          label="Supporter messages"
          hidden={!privacy.allowMessages}
          value={privacy.allowMessages ? 'Shown' : 'Hidden'}
        />
      </dl>
    </div>
  );
}
