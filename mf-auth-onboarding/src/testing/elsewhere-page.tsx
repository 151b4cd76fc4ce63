import type { RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { PageContainer } from '@beabro/shared/ui/page-container';

/** Standalone harness only: stands in for an area another remote serves in the composed site. */
export function ElsewherePage({ basePath }: RemoteAreaProps) {
  return (
    <PageContainer>
      <h1>{basePath}</h1>
      <p>In the composed site another remote shows this page. This is the mf-auth-onboarding standalone harness.</p>
    </PageContainer>
  );
}
