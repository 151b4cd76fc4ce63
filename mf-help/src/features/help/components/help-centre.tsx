import { useId, useMemo } from 'react';
import { FAQ_CATEGORIES, FAQ_ITEMS } from '@beabro/shared/data/faq';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { useHelpFilters } from '../hooks/use-help-filters';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { articleCount } from '../utils/article-count';
import { filterFaqItems } from '../utils/filter-faq-items';
import type { CategoryFilter } from '../utils/parse-faq-category';
import { ContactSupport } from './contact-support';
import { FaqAccordion } from './faq-accordion';
import { FaqCategoryNav } from './faq-category-nav';
import { FaqEmptyState } from './faq-empty-state';
import { HelpHero } from './help-hero';
import { HelpInfoCards } from './help-info-cards';
import { HelpResources } from './help-resources';

export interface HelpCentreProps {
  /** Where the shell mounted the help area (RemoteAreaProps.basePath). */
  basePath?: string;
}

export function HelpCentre({ basePath = '/help' }: HelpCentreProps) {
  useDocumentTitle('Help Centre');
  const { query, category, setQuery, categorySearch } = useHelpFilters();
  const faqHeadingId = useId();
  useScrollToHash();

  // Search first, then category: the category links show how many search matches each one holds.
  const matchingQuery = useMemo(() => filterFaqItems(FAQ_ITEMS, { query, category: 'all' }), [query]);
  const results = useMemo(() => filterFaqItems(matchingQuery, { query: '', category }), [matchingQuery, category]);
  const counts = useMemo(() => {
    const byCategory = { all: matchingQuery.length } as Record<CategoryFilter, number>;
    for (const { id } of FAQ_CATEGORIES) byCategory[id] = matchingQuery.filter((item) => item.category === id).length;
    return byCategory;
  }, [matchingQuery]);
  const categoryLabel = FAQ_CATEGORIES.find((entry) => entry.id === category)?.label ?? 'All articles';

  return (
    <PageContainer>
      <div
        css={(theme) => ({
          display: 'flex',
          flexDirection: 'column',
          gap: theme.space(10),
          padding: `${theme.space(6)} 0 ${theme.space(16)}`,
        })}
      >
        <HelpHero query={query} onQueryChange={setQuery} category={category} action={basePath} />
        <HelpInfoCards />

        <div
          css={(theme) => ({
            display: 'grid',
            gap: theme.space(6),
            gridTemplateColumns: 'minmax(0, 1fr)',
            alignItems: 'start',
            [theme.breakpoint.lg]: { gridTemplateColumns: '15rem minmax(0, 1fr)', gap: theme.space(10) },
          })}
        >
          <div css={(theme) => ({ [theme.breakpoint.lg]: { position: 'sticky', top: theme.space(6) } })}>
            <FaqCategoryNav active={category} counts={counts} searchFor={categorySearch} />
          </div>

          <section aria-labelledby={faqHeadingId} css={{ minWidth: 0 }}>
            <div
              css={(theme) => ({
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'baseline',
                justifyContent: 'space-between',
                gap: `${theme.space(1)} ${theme.space(4)}`,
                marginBottom: theme.space(4),
              })}
            >
              <h2 id={faqHeadingId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.xl })}>
                {category === 'all' ? 'Frequently asked questions' : categoryLabel}
              </h2>
              {/* A live region, so screen-reader users hear how many articles their search left. */}
              <p
                role="status"
                css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}
              >
                {articleCount(results.length)} found
              </p>
            </div>
            {results.length > 0 ? (
              <FaqAccordion items={results} showCategory={category === 'all'} />
            ) : (
              <FaqEmptyState />
            )}
          </section>
        </div>

        <ContactSupport />
        <HelpResources basePath={basePath} />
      </div>
    </PageContainer>
  );
}
