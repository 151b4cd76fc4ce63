import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { PageContainer } from '@beabro/shared/ui/page-container';

/** A page a signed-in user may not open, and why ("Only operators can open the operator console."). */
export function ForbiddenPage({ message }: { message: string }) {
  useDocumentTitle('Not allowed');
  return (
    <PageContainer>
      <Card css={{ margin: '3rem auto', maxWidth: '36rem', textAlign: 'center' }}>
        <h1 css={(theme) => ({ fontSize: theme.font.size.xxl, margin: '0 0 0.5rem' })}>Not allowed</h1>
        <p css={(theme) => ({ color: theme.color.textMuted })}>{message}</p>
        <div css={{ marginTop: '1.25rem' }}>
          <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
