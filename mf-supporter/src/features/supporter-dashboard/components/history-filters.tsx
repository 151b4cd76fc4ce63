import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { SelectField } from '@beabro/shared/ui/select-field';
import {
  EMPTY_HISTORY_FILTER,
  historyRangeError,
  isFiltering,
  type HistoryFilter,
  type SupportKind,
} from '../utils/history-filter';

const KIND_OPTIONS: readonly { value: SupportKind; label: string }[] = [
  { value: 'all', label: 'All supports' },
  { value: 'one-off', label: 'One-off' },
  { value: 'monthly', label: 'Monthly' },
];

export interface HistoryFiltersProps {
  filter: HistoryFilter;
  creators: readonly { username: string; displayName: string }[];
  onChange: (next: HistoryFilter) => void;
}

/** The Filter of the history: type, creator and a date range, applied as they change. */
export function HistoryFilters({ filter, creators, onChange }: HistoryFiltersProps) {
  const set = (patch: Partial<HistoryFilter>) => onChange({ ...filter, ...patch });
  // A creator from an old link who is no longer in the history still shows, so the select tells the truth.
  const creatorOptions =
    creators.some((c) => c.username === filter.creator) || !filter.creator
      ? creators
      : [...creators, { username: filter.creator, displayName: `@${filter.creator}` }];
  return (
    <form
      role="search"
      aria-label="Filter supports"
      onSubmit={(event) => event.preventDefault()}
      css={(theme) => ({
        display: 'grid',
        gap: theme.space(3),
        alignItems: 'start',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        padding: theme.space(4),
        borderRadius: theme.radius.lg,
        background: theme.color.surfaceMuted,
        border: `1px solid ${theme.color.border}`,
        [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr)) auto' },
      })}
    >
      <SelectField
        label="Type"
        value={filter.kind}
        options={KIND_OPTIONS}
        onChange={(event) => set({ kind: event.target.value as SupportKind })}
      />
      <SelectField
        label="Creator"
        value={filter.creator}
        options={[
          { value: '', label: 'All creators' },
          ...creatorOptions.map((c) => ({ value: c.username, label: c.displayName })),
        ]}
        onChange={(event) => set({ creator: event.target.value })}
      />
      <TextField
        label="From"
        type="date"
        value={filter.from}
        max={filter.to || undefined}
        onChange={(event) => set({ from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={filter.to}
        min={filter.from || undefined}
        error={historyRangeError(filter)}
        onChange={(event) => set({ to: event.target.value })}
      />
      <div
        css={(theme) => ({
          alignSelf: 'end',
          gridColumn: '1 / -1',
          [theme.breakpoint.lg]: { gridColumn: 'auto', paddingBottom: '1px' },
        })}
      >
        <Button variant="ghost" onClick={() => onChange(EMPTY_HISTORY_FILTER)} disabled={!isFiltering(filter)}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
