import { Button, ButtonLink } from '@beabro/shared/ui/button';

export interface DiscoverPaginationProps {
  page: number;
  pageCount: number;
  /** The query string of another page. */
  pageSearch: (page: number) => string;
}

/** Previous / "Page n of m" / Next. Pages are links (they change the URL), disabled at either end. */
export function DiscoverPagination({ page, pageCount, pageSearch }: DiscoverPaginationProps) {
  if (pageCount <= 1 && page <= 1) return null;
  const previous = Math.min(page - 1, pageCount);
  return (
    <nav
      aria-label="Pages"
      css={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: theme.space(4),
        flexWrap: 'wrap',
      })}
    >
      {page > 1 ? (
        <ButtonLink to={{ search: pageSearch(previous) }} variant="secondary">
          <span aria-hidden="true">‹</span> Previous
        </ButtonLink>
      ) : (
        <Button variant="secondary" disabled>
          <span aria-hidden="true">‹</span> Previous
        </Button>
      )}
      <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <ButtonLink to={{ search: pageSearch(page + 1) }} variant="secondary">
          Next <span aria-hidden="true">›</span>
        </ButtonLink>
      ) : (
        <Button variant="secondary" disabled>
          Next <span aria-hidden="true">›</span>
        </Button>
      )}
    </nav>
  );
}
