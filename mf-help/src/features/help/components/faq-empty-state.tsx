import { ButtonLink } from '@beabro/shared/ui/button';
import { SearchIcon } from '@beabro/shared/ui/icons/search';

export function FaqEmptyState() {
  return (
    <div
      css={(theme) => ({
        textAlign: 'center',
        padding: `${theme.space(10)} ${theme.space(4)}`,
        background: theme.color.surface,
        border: `1px dashed ${theme.color.borderStrong}`,
        borderRadius: theme.radius.lg,
      })}
    >
      <span
        css={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: '3.5rem',
          height: '3.5rem',
          borderRadius: theme.radius.pill,
          background: theme.color.brandSoft,
          color: theme.color.brand,
        })}
      >
        <SearchIcon size={28} />
      </span>
      <h3 css={(theme) => ({ margin: `${theme.space(3)} 0 ${theme.space(2)}`, fontSize: theme.font.size.lg })}>
        No results found
      </h3>
      <p css={(theme) => ({ margin: `0 0 ${theme.space(5)}`, color: theme.color.textMuted })}>
        Try adjusting your search terms or browse by category.
      </p>
      {/* A link to the unfiltered view (no ?q, no ?category), so it is one more step in the history. */}
      <ButtonLink to={{ search: '' }} variant="secondary">
        Show all articles
      </ButtonLink>
    </div>
  );
}
