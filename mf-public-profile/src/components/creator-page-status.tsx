import { Button } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { PageContainer } from '@beabro/shared/ui/page-container';

/** Placeholder blocks in the page's shape while the creator loads, so nothing jumps when it arrives. */
export function CreatorPageLoading({ label }: { label: string }) {
  const block = (height: string, width = '100%') => (
    <div
      css={(theme) => ({ height, width, borderRadius: theme.radius.md, background: theme.color.border, opacity: 0.6 })}
    />
  );
  return (
    <PageContainer>
      <div role="status" aria-live="polite" css={{ display: 'grid', gap: '1.5rem', padding: '1.5rem 0 3rem' }}>
        <span className="visually-hidden">{label}</span>
        {block('12rem')}
        {block('2rem', '40%')}
        {block('1rem', '60%')}
        <div css={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))' }}>
          {block('8rem')}
          {block('8rem')}
        </div>
      </div>
    </PageContainer>
  );
}

/** A failure other than "no such creator" (network, server): say so and offer to try again. */
export function CreatorPageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <PageContainer>
      <Card css={{ margin: '3rem auto', maxWidth: '36rem', textAlign: 'center' }}>
        <h1 css={(theme) => ({ fontSize: theme.font.size.xl, margin: '0 0 0.5rem' })}>
          We couldn&apos;t load this page
        </h1>
        <p role="alert" css={(theme) => ({ color: theme.color.textMuted })}>
          {message}
        </p>
        <Button onClick={onRetry}>Try again</Button>
      </Card>
    </PageContainer>
  );
}
