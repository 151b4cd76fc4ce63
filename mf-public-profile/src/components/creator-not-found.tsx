import { ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { SearchIcon } from '@beabro/shared/ui/icons/search';

/** What /{username} shows when the API answers 404 (the server answers the page itself with 404 too). */
export function CreatorNotFound({ username }: { username: string }) {
  useDocumentTitle('Creator not found');
  return (
    <PageContainer>
      <Card css={{ margin: '3rem auto', maxWidth: '36rem', textAlign: 'center' }}>
        <p
          aria-hidden="true"
          css={(theme) => ({ fontSize: '3rem', margin: 0, lineHeight: 1, color: theme.color.brand })}
        >
          <SearchIcon />
        </p>
        <h1 css={(theme) => ({ fontSize: theme.font.size.xxl, margin: '0.5rem 0' })}>Creator not found</h1>
        <p css={(theme) => ({ color: theme.color.textMuted, overflowWrap: 'anywhere' })}>
          There is no creator called <strong>@{username}</strong> on Be a Bro. The link may be mistyped, or the creator
          may have changed their username.
        </p>
        <div
          css={{ display: 'flex', gap: '0.75rem', justifyContent: 'center', flexWrap: 'wrap', marginTop: '1.25rem' }}
        >
          <ButtonLink to={paths.discover}>Discover creators</ButtonLink>
          <ButtonLink to={paths.home} variant="secondary">
            Go to the home page
          </ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
