import { PageContainer } from '@beabro/shared/ui/page-container';

export function LandingPage() {
  return (
    <PageContainer>
      <h1>Be a Bro</h1>
    </PageContainer>
  );
}
