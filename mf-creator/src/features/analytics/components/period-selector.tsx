import { ANALYTICS_PERIOD_IDS, type AnalyticsPeriodValue } from '@beabro/shared/api-schemas/analytics';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { PERIOD_LABELS } from '../utils/analytics-period';

/** 7 days, 30 days, 90 days, 1 year: toggle buttons, the chosen one pressed. */
export function PeriodSelector({
  value,
  onChange,
}: {
  value: AnalyticsPeriodValue;
  onChange: (period: AnalyticsPeriodValue) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Period"
      css={(theme) => ({
        display: 'inline-flex',
        flexWrap: 'wrap',
        gap: '2px',
        padding: '2px',
        borderRadius: theme.radius.md,
        background: theme.color.border,
      })}
    >
      {ANALYTICS_PERIOD_IDS.map((period) => {
        const active = period === value;
        return (
          <button
            key={period}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(period)}
            css={(theme) => [
              {
                font: 'inherit',
                fontSize: theme.font.size.sm,
                fontWeight: active ? theme.font.weight.bold : theme.font.weight.medium,
                padding: '0.5rem 0.875rem',
                border: 0,
                borderRadius: theme.radius.sm,
                cursor: 'pointer',
                background: active ? theme.color.surface : 'transparent',
                color: active ? theme.color.brandHover : theme.color.text,
                boxShadow: active ? theme.shadow.card : 'none',
              },
              focusRing(theme),
            ]}
          >
            {PERIOD_LABELS[period]}
          </button>
        );
      })}
    </div>
  );
}
