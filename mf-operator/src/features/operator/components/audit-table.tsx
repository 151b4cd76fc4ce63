import type { AuditEntryDto } from '@beabro/shared/api-schemas/operator';
import { dateTime } from '../lib/format';
import { DataTable } from './operator-ui';

/** A value before or after an action, as compact JSON. */
function shown(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

/** Audit entries: who did what to what, why, and what changed. */
export function AuditTable({
  label,
  entries,
  empty,
}: {
  label: string;
  entries: readonly AuditEntryDto[];
  empty: string;
}) {
  return (
    <DataTable
      label={label}
      columns={['At', 'By', 'Action', 'Target', 'Reason', 'Before', 'After']}
      empty={empty}
      rows={entries.map((entry) => ({
        key: String(entry.id),
        cells: [
          dateTime(entry.at),
          entry.actor,
          entry.action,
          <code key="target">{entry.target}</code>,
          entry.reason ?? '—',
          <code key="before">{shown(entry.before)}</code>,
          <code key="after">{shown(entry.after)}</code>,
        ],
      }))}
    />
  );
}
