import { PageContainer } from '@beabro/shared/ui/page-container';

export function HelpCentre() {
  return (
    <PageContainer>
      <h1>Help Centre</h1>
    </PageContainer>
  );
}
