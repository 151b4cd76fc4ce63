export interface ProgressBarProps {
  /** Percentage; values outside 0..100 are clamped so the bar never overflows. */
  value: number;
  label: string;
}

export function ProgressBar({ value, label }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      css={(theme) => ({
        height: '0.625rem',
        borderRadius: theme.radius.pill,
        background: theme.color.border,
        overflow: 'hidden',
      })}
    >
      <div
        css={(theme) => ({
          width: `${clamped}%`,
          height: '100%',
          background: theme.gradient.hero,
          transition: 'width 300ms ease',
        })}
      />
    </div>
  );
}
