import { CONVERSION_RATE_EXPLANATION } from '@beabro/shared/data/conversion-rate';

/** How the conversion rate is counted, one click away wherever the rate is shown (dashboard and analytics). */
export function ConversionRateNote() {
  return (
    <details
      css={(theme) => ({ marginTop: theme.space(3), fontSize: theme.font.size.sm, color: theme.color.textMuted })}
    >
      <summary
        css={(theme) => ({
          cursor: 'pointer',
          color: theme.color.text,
          fontWeight: theme.font.weight.medium,
          width: 'fit-content',
        })}
      >
        How is the conversion rate counted?
      </summary>
      <p css={(theme) => ({ margin: `${theme.space(2)} 0 0`, maxWidth: '40rem' })}>{CONVERSION_RATE_EXPLANATION}</p>
    </details>
  );
}
