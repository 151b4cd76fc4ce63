import { DISCOVER_QUERY_MAX_LENGTH, DISCOVER_SORTS, type DiscoverSort } from '@beabro/shared/data/discover';
import { CREATOR_TYPES } from '@beabro/shared/data/creator-types';
import type { CreatorType } from '@beabro/shared/data/creator-types';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { SelectField } from '@beabro/shared/ui/select-field';
import { SORT_LABELS, type DiscoverParams } from '../utils/discover-search';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...CREATOR_TYPES.map((type) => ({ value: type.id, label: type.label })),
];
const SORT_OPTIONS = DISCOVER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

export interface DiscoverControlsProps {
  text: string;
  params: DiscoverParams;
  onTextChange: (text: string) => void;
  onSubmitText: () => void;
  onTypeChange: (type: CreatorType | '') => void;
  onSortChange: (sort: DiscoverSort) => void;
  onClear: () => void;
}

export function DiscoverControls({
  text,
  params,
  onTextChange,
  onSubmitText,
  onTypeChange,
  onSortChange,
  onClear,
}: DiscoverControlsProps) {
  const filtering = text.trim() !== '' || params.q !== '' || params.type !== '';
  return (
    <form
      role="search"
      aria-label="Find creators"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmitText();
      }}
      css={(theme) => ({
        display: 'grid',
        gap: theme.space(3),
        // Tops aligned, so the labels line up.
        alignItems: 'start',
        // One column on small phones, so "Most supported" and the longer creator types are not cut off.
        gridTemplateColumns: 'minmax(0, 1fr)',
        '@media (min-width: 420px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
        [theme.breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto' },
      })}
    >
      <div css={(theme) => ({ gridColumn: '1 / -1', [theme.breakpoint.lg]: { gridColumn: 'auto' } })}>
        <TextField
          label="Search creators"
          type="search"
          placeholder="Name, username or bio"
          autoComplete="off"
          maxLength={DISCOVER_QUERY_MAX_LENGTH}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
        />
      </div>
      <SelectField
        label="Creator type"
        value={params.type}
        options={TYPE_OPTIONS}
        onChange={(event) => onTypeChange(event.target.value as CreatorType | '')}
      />
      <SelectField
        label="Sort by"
        value={params.sort}
        options={SORT_OPTIONS}
        onChange={(event) => onSortChange(event.target.value as DiscoverSort)}
      />
      <div css={(theme) => ({ alignSelf: 'end', gridColumn: '1 / -1', [theme.breakpoint.lg]: { gridColumn: 'auto' } })}>
        <Button variant="ghost" onClick={onClear} disabled={!filtering}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
