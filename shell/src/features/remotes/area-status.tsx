import { Button } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { PageContainer } from '@beabro/shared/ui/page-container';

/**
 * An area's loading state. It fills the window, so the footer starts below it and the area arriving pushes nothing
 * the visitor sees (no layout shift).
 */
export function AreaLoading({ area }: { area: string }) {
  return (
    <PageContainer>
      <div
        role="status"
        aria-live="polite"
        css={{
          minHeight: '100vh',
          padding: '4rem 0',
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          gap: '0.75rem',
        }}
      >
        <span
          aria-hidden="true"
          css={(theme) => ({
            width: '1.25rem',
            height: '1.25rem',
            borderRadius: '50%',
            border: `3px solid ${theme.color.border}`,
            borderTopColor: theme.color.brand,
            animation: 'area-spin 0.8s linear infinite',
            '@keyframes area-spin': { to: { transform: 'rotate(360deg)' } },
          })}
        />
        <span>Loading {area}…</span>
      </div>
    </PageContainer>
  );
}

export interface AreaFallbackProps {
  area: string;
  detail: string;
  onRetry: () => void;
}

/** Shown in place of one area only: the header, footer and every other area keep working. */
export function AreaFallback({ area, detail, onRetry }: AreaFallbackProps) {
  return (
    <PageContainer>
      <Card css={{ margin: '3rem auto', maxWidth: '36rem', textAlign: 'center' }}>
        <div role="alert">
          <h1 css={(theme) => ({ fontSize: theme.font.size.xl, margin: '0 0 0.5rem' })}>
            The {area} is unavailable right now
          </h1>
          <p css={(theme) => ({ color: theme.color.textMuted, margin: '0 0 1.25rem' })}>{detail}</p>
        </div>
        <Button onClick={onRetry}>Retry</Button>
      </Card>
    </PageContainer>
  );
}
