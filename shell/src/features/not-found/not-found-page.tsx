import { ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { CompassIcon } from '@beabro/shared/ui/icons/compass';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PageContainer>
      <Card css={{ margin: '3rem auto', maxWidth: '36rem', textAlign: 'center' }}>
        <p
          aria-hidden="true"
          css={(theme) => ({ fontSize: '3rem', margin: 0, lineHeight: 1, color: theme.color.brand })}
        >
          <CompassIcon />
        </p>
        <h1 css={(theme) => ({ fontSize: theme.font.size.xxl, margin: '0.5rem 0' })}>Page not found</h1>
        <p css={(theme) => ({ color: theme.color.textMuted })}>
          We couldn&apos;t find the page you were looking for. It may have moved, or the link may be mistyped.
        </p>
        <div
          css={{ display: 'flex', gap: '0.75rem', justifyContent: 'center', flexWrap: 'wrap', marginTop: '1.25rem' }}
        >
          <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
          <ButtonLink to={paths.help} variant="secondary">
            Visit the Help Centre
          </ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
