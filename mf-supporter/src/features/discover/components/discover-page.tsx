import { useEffect, useId, useRef } from 'react';
import { useDiscoverCreators } from '@beabro/shared/api/discover-creators';
import { creatorTypeLabel } from '@beabro/shared/data/creator-types';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { useDiscoverParams } from '../hooks/use-discover-params';
import { discoverQueryInput, isFilteringCreators, totalPages, type DiscoverParams } from '../utils/discover-search';
import { CreatorCard } from './creator-card';
import { CreatorGridLoading } from './creator-grid-loading';
import { creatorGridStyle } from './creator-grid-style';
import { ClearFiltersLink, DiscoverControls } from './discover-controls';
import { DiscoverPagination } from './discover-pagination';

function resultsText(total: number, params: DiscoverParams): string {
  const count = `${total.toLocaleString('en-US')} ${total === 1 ? 'creator' : 'creators'}`;
  const type = params.type ? ` in ${creatorTypeLabel(params.type)}` : '';
  return params.q ? `${count} matching “${params.q}”${type}` : `${count}${type}`;
}

/** /discover: every public creator, searchable by name, username and bio, filtered by type, sorted, paged. */
export function DiscoverPage() {
  useDocumentTitle('Discover creators');
  const resultsId = useId();
  const { params, text, setText, submitText, setType, setSort, clear, clearedSearch, pageSearch } = useDiscoverParams();
  const query = useDiscoverCreators(discoverQueryInput(params));
  const data = query.data;
  const pageCount = data ? totalPages(data.total, data.pageSize) : 1;

  // A new page of results starts at the top of the results, not at the pagination below them.
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const previousPage = useRef(params.page);
  useEffect(() => {
    if (previousPage.current === params.page) return;
    previousPage.current = params.page;
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  }, [params.page]);

  return (
    <PageContainer>
      <div
        css={(theme) => ({
          display: 'flex',
          flexDirection: 'column',
          gap: theme.space(6),
          padding: `${theme.space(8)} 0 ${theme.space(16)}`,
        })}
      >
        <header css={{ maxWidth: '44rem' }}>
          <p
            css={(theme) => ({
              margin: 0,
              color: theme.color.brandHover,
              fontWeight: theme.font.weight.medium,
              fontSize: theme.font.size.sm,
            })}
          >
            For Supporters
          </p>
          <h1 css={(theme) => ({ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.size.xxl })}>
            Discover creators
          </h1>
          <p
            css={(theme) => ({
              margin: `${theme.space(2)} 0 0`,
              color: theme.color.textMuted,
              fontSize: theme.font.size.lg,
            })}
          >
            Find missions worth backing: streamers, artists, educators, changemakers and more. Every support goes
            straight to the people building them.
          </p>
        </header>

        <DiscoverControls
          text={text}
          params={params}
          onTextChange={setText}
          onSubmitText={submitText}
          onTypeChange={setType}
          onSortChange={setSort}
          onClear={clear}
          clearedSearch={clearedSearch}
        />

        <section
          aria-labelledby={resultsId}
          css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(5) })}
        >
          <h2
            id={resultsId}
            ref={resultsRef}
            css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg, scrollMarginTop: theme.space(4) })}
          >
            <span className="visually-hidden">Results: </span>
            {/* Announced as it changes, so screen-reader users hear what a search found. */}
            <span role="status">
              {data ? resultsText(data.total, params) : query.isError ? 'Creators' : 'Searching...'}
            </span>
          </h2>

          {query.isPending ? <CreatorGridLoading /> : null}
          {query.isError && !data ? (
            <LoadError
              title="We could not load creators."
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : null}
          {query.isError && data ? (
            <p
              role="alert"
              css={(theme) => ({
                margin: 0,
                color: theme.color.danger,
                display: 'flex',
                gap: theme.space(3),
                alignItems: 'center',
                flexWrap: 'wrap',
              })}
            >
              These results may be out of date: the latest search failed.
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                Retry
              </Button>
            </p>
          ) : null}

          {data && data.total === 0 ? (
            isFilteringCreators(params) ? (
              <EmptyState
                icon="search"
                title="No creators found"
                action={<ClearFiltersLink clearedSearch={clearedSearch} onClear={clear} variant="secondary" />}
              >
                Nobody matches this search yet. Try another name, a word from their bio, or a different creator type.
              </EmptyState>
            ) : (
              <EmptyState
                icon="sprout"
                title="No creators yet"
                action={<ButtonLink to="/create">Start your mission</ButtonLink>}
              >
                Be the first mission builder on Be a Bro.
              </EmptyState>
            )
          ) : null}

          {data && data.total > 0 && data.items.length === 0 ? (
            <EmptyState
              icon="file"
              title="This page is past the last one"
              action={<ButtonLink to={{ search: pageSearch(pageCount) }}>Go to page {pageCount}</ButtonLink>}
            >
              The results have {pageCount} {pageCount === 1 ? 'page' : 'pages'}.
            </EmptyState>
          ) : null}

          {data && data.items.length > 0 ? (
            <ul
              aria-labelledby={resultsId}
              aria-busy={query.isPlaceholderData || undefined}
              css={(theme) => [
                creatorGridStyle(theme),
                {
                  listStyle: 'none',
                  margin: 0,
                  padding: 0,
                  opacity: query.isPlaceholderData ? 0.6 : 1,
                  transition: 'opacity 150ms ease',
                },
              ]}
            >
              {data.items.map((creator) => (
                <li key={creator.username}>
                  <CreatorCard creator={creator} />
                </li>
              ))}
            </ul>
          ) : null}

          {data ? <DiscoverPagination page={params.page} pageCount={pageCount} pageSearch={pageSearch} /> : null}
        </section>
      </div>
    </PageContainer>
  );
}
