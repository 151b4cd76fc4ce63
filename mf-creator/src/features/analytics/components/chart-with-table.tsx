import type { Theme } from '@emotion/react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@beabro/shared/ui/button';

/**
 * A chart with its data as a table: the chart is one image with a summary for screen readers, and
 * "Show as table" swaps in the same figures as a real table (for screen readers, zoom and copying).
 */
export function ChartWithTable({
  label,
  summary,
  chart,
  table,
}: {
  label: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <div>
      <div css={{ display: 'flex', justifyContent: 'flex-end', marginBottom: '0.5rem' }}>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={asTable}
          aria-controls={`${id}-table`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </div>
      {asTable ? (
        <div id={`${id}-table`} css={{ overflowX: 'auto' }}>
          {table}
        </div>
      ) : (
        <div role="img" aria-label={`${label}. ${summary}`}>
          {chart}
        </div>
      )}
    </div>
  );
}

/** The table style of every chart's table alternative. */
export const tableStyle = (theme: Theme) => ({
  width: '100%',
  borderCollapse: 'collapse' as const,
  fontSize: theme.font.size.sm,
  '& th, & td': {
    textAlign: 'left' as const,
    padding: `${theme.space(2)} ${theme.space(2)}`,
    borderTop: `1px solid ${theme.color.border}`,
  },
  '& td.number, & th.number': { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' },
});
