import { DISCOVER_QUERY_MAX_LENGTH, DISCOVER_SORTS, type DiscoverSort } from '@beabro/shared/data/discover';
import { CREATOR_TYPES } from '@beabro/shared/data/creator-types';
import type { CreatorType } from '@beabro/shared/data/creator-types';
import { useTheme } from '@emotion/react';
import type { MouseEvent } from 'react';
import { paths } from '@beabro/shared/contract/paths';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
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
  /** The query string of the cleared search (what "Clear filters" links to without JavaScript). */
  clearedSearch: string;
}

/**
 * "Clear filters": a link to the cleared search, so it works before the page runs and without JavaScript; once
 * the page runs, a click clears in place (the typed text and its pending search too) instead of following it.
 */
export function ClearFiltersLink({
  clearedSearch,
  onClear,
  variant,
}: {
  clearedSearch: string;
  onClear: () => void;
  variant: 'ghost' | 'secondary';
}) {
  return (
    <ButtonLink
      to={`${paths.discover}${clearedSearch}`}
      variant={variant}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onClear();
      }}
    >
      Clear filters
    </ButtonLink>
  );
}

export function DiscoverControls({
  text,
  params,
  onTextChange,
  onSubmitText,
  onTypeChange,
  onSortChange,
  onClear,
  clearedSearch,
}: DiscoverControlsProps) {
  const theme = useTheme();
  const filtering = text.trim() !== '' || params.q !== '' || params.type !== '';
  return (
    // Once the page runs, the controls search as they change. Without JavaScript the form is a plain GET of
    // /discover?q=&type=&sort= (the names the page reads), sent by Enter or the Search button below.
    <form
      role="search"
      aria-label="Find creators"
      method="get"
      action={paths.discover}
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
          name="q"
          placeholder="Name, username or bio"
          autoComplete="off"
          maxLength={DISCOVER_QUERY_MAX_LENGTH}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
        />
      </div>
      <SelectField
        label="Creator type"
        name="type"
        value={params.type}
        options={TYPE_OPTIONS}
        onChange={(event) => onTypeChange(event.target.value as CreatorType | '')}
      />
      <SelectField
        label="Sort by"
        name="sort"
        value={params.sort}
        options={SORT_OPTIONS}
        onChange={(event) => onSortChange(event.target.value as DiscoverSort)}
      />
      <div
        css={(theme) => ({
          alignSelf: 'end',
          gridColumn: '1 / -1',
          display: 'flex',
          flexWrap: 'wrap',
          gap: theme.space(2),
          [theme.breakpoint.lg]: { gridColumn: 'auto' },
        })}
      >
        {/* Only without JavaScript; inline styles, as emotion's styles inside <noscript> never reach the page. */}
        <noscript>
          <button
            type="submit"
            style={{
              padding: '0.625rem 1.125rem',
              font: 'inherit',
              fontWeight: theme.font.weight.medium,
              lineHeight: 1.25,
              color: theme.color.textInverse,
              background: theme.color.brand,
              border: `1px solid ${theme.color.brand}`,
              borderRadius: theme.radius.md,
              cursor: 'pointer',
            }}
          >
            Search
          </button>
        </noscript>
        {filtering ? (
          <ClearFiltersLink clearedSearch={clearedSearch} onClear={onClear} variant="ghost" />
        ) : (
          <Button variant="ghost" disabled>
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
