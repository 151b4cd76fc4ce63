import { useId } from 'react';
import { Link } from 'react-router-dom';
import { FAQ_CATEGORIES } from '@beabro/shared/data/faq';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { articleCount } from '../utils/article-count';
import type { CategoryFilter } from '../utils/parse-faq-category';

export interface FaqCategoryNavProps {
  active: CategoryFilter;
  /** Articles per category that match the current search, so empty categories are visible up front. */
  counts: Record<CategoryFilter, number>;
  searchFor: (category: CategoryFilter) => string;
}

const OPTIONS: readonly { id: CategoryFilter; label: string }[] = [
  { id: 'all', label: 'All articles' },
  ...FAQ_CATEGORIES,
];

// Links rather than buttons: each category is a URL of its own, so it can be opened in a new tab or shared.
export function FaqCategoryNav({ active, counts, searchFor }: FaqCategoryNavProps) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} css={(theme) => ({ margin: `0 0 ${theme.space(3)}`, fontSize: theme.font.size.md })}>
        Browse by category
      </h2>
      <ul
        css={(theme) => ({
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          gap: theme.space(2),
          [theme.breakpoint.lg]: { flexDirection: 'column', flexWrap: 'nowrap', gap: theme.space(1) },
        })}
      >
        {OPTIONS.map((option) => {
          const selected = option.id === active;
          return (
            <li key={option.id}>
              <Link
                to={{ search: searchFor(option.id) }}
                aria-current={selected ? 'true' : undefined}
                css={(theme) => [
                  {
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: theme.space(3),
                    padding: `${theme.space(2)} ${theme.space(3)}`,
                    borderRadius: theme.radius.pill,
                    border: `1px solid ${selected ? theme.color.brand : theme.color.border}`,
                    background: selected ? theme.color.brandSoft : theme.color.surface,
                    color: selected ? theme.color.brandHover : theme.color.text,
                    fontSize: theme.font.size.sm,
                    fontWeight: selected ? theme.font.weight.bold : theme.font.weight.medium,
                    textDecoration: 'none',
                    '&:hover': { background: theme.color.brandSoft },
                    [theme.breakpoint.lg]: {
                      borderRadius: theme.radius.md,
                      borderColor: selected ? theme.color.brand : 'transparent',
                    },
                  },
                  focusRing(theme),
                ]}
              >
                <span>{option.label}</span>
                <span
                  aria-hidden="true"
                  css={(theme) => ({
                    minWidth: '1.75rem',
                    padding: '0 0.375rem',
                    borderRadius: theme.radius.pill,
                    background: selected ? theme.color.surface : theme.color.surfaceMuted,
                    color: theme.color.textMuted,
                    fontSize: theme.font.size.xs,
                    fontWeight: theme.font.weight.medium,
                    textAlign: 'center',
                  })}
                >
                  {counts[option.id]}
                </span>
                <span className="visually-hidden">, {articleCount(counts[option.id])}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
