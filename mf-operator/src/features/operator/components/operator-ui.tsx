import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { OPERATOR_TWO_FACTOR_MESSAGE } from '@beabro/shared/api-schemas/operator';
import { paths } from '@beabro/shared/contract/paths';
import { Button } from '@beabro/shared/ui/button';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { errorMessage } from '../lib/error-message';

/** One block of a screen under its own heading. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section css={(theme) => ({ marginTop: theme.space(8) })}>
      <div
        css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '1rem', flexWrap: 'wrap' }}
      >
        <h2 css={(theme) => ({ fontSize: theme.font.size.lg, margin: 0 })}>{title}</h2>
        {actions}
      </div>
      <div css={(theme) => ({ marginTop: theme.space(3) })}>{children}</div>
    </section>
  );
}

/**
 * A table that scrolls sideways inside its own box on a narrow screen (the page itself never does). The box is
 * focusable so keyboard users can scroll it too. `empty` is said instead when there are no rows.
 */
export function DataTable({
  label,
  columns,
  rows,
  empty,
}: {
  label: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  empty: string;
}) {
  if (rows.length === 0) return <p css={(theme) => ({ color: theme.color.textMuted, margin: 0 })}>{empty}</p>;
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      css={(theme) => ({
        overflowX: 'auto',
        maxWidth: '100%',
        border: `1px solid ${theme.color.border}`,
        borderRadius: theme.radius.md,
        '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '2px' },
      })}
    >
      <table
        css={(theme) => ({
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: theme.font.size.sm,
          '& th, & td': {
            textAlign: 'left',
            padding: `${theme.space(2)} ${theme.space(3)}`,
            borderBottom: `1px solid ${theme.color.border}`,
            verticalAlign: 'top',
          },
          '& th': { background: theme.color.surfaceMuted, whiteSpace: 'nowrap', fontWeight: theme.font.weight.medium },
          '& tr:last-of-type td': { borderBottom: 'none' },
        })}
      >
        <caption css={visuallyHidden}>{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={columns[i] ?? i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Why a screen's data could not be shown: operator access (with the way to two-factor sign-in), or a failure. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403 && error.message === OPERATOR_TWO_FACTOR_MESSAGE)
    return (
      <OutcomeMessage tone="danger" role="alert">
        <p>{error.message}</p>
        <p>
          <Link to={paths.settings('account')}>Open Settings</Link>
        </p>
      </OutcomeMessage>
    );
  if (error instanceof ApiError && (error.status === 401 || error.status === 403))
    return (
      <OutcomeMessage tone="danger" role="alert">
        <p>{error.message}</p>
      </OutcomeMessage>
    );
  return (
    <OutcomeMessage tone="danger" role="alert">
      <p>{errorMessage(error, 'This could not be loaded. Please try again.')}</p>
      <p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </OutcomeMessage>
  );
}

/** A query's loading and failure states; `children` renders its data. */
export function QueryView<T>({
  query,
  loading,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <p role="status" css={(theme) => ({ color: theme.color.textMuted })}>
      {loading}
    </p>
  );
}

interface Outcome {
  tone: 'success' | 'danger';
  message: string;
  /** Counts up, so the same message twice is announced and focused again. */
  serial: number;
}

/**
 * The outcome of an action, shown where it was taken and focused (so a screen reader reads it and keyboard
 * users continue from there): `succeed(message)` or `fail(error, fallback)`.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  const succeed = useCallback(
    (message: string) => setOutcome((last) => ({ tone: 'success', message, serial: (last?.serial ?? 0) + 1 })),
    [],
  );
  const fail = useCallback(
    (error: unknown, fallback: string) =>
      setOutcome((last) => ({
        tone: 'danger',
        message: errorMessage(error, fallback),
        serial: (last?.serial ?? 0) + 1,
      })),
    [],
  );
  const node = outcome ? (
    <div css={(theme) => ({ margin: `${theme.space(3)} 0` })}>
      <OutcomeMessage
        key={outcome.serial}
        ref={ref}
        tone={outcome.tone}
        role={outcome.tone === 'danger' ? 'alert' : 'status'}
      >
        {outcome.message}
      </OutcomeMessage>
    </div>
  ) : null;
  return { node, succeed, fail };
}
