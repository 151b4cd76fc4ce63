import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { PageContainer } from '@beabro/shared/ui/page-container';

/** The frame of the posts pages: a way back, the h1, actions at the end of the title row, then the content. */
export function PostsPageFrame({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <div
        css={(theme) => ({
          maxWidth: '52rem',
          margin: '0 auto',
          padding: `${theme.space(8)} 0 ${theme.space(12)}`,
          display: 'grid',
          gap: theme.space(5),
        })}
      >
        <Link
          to={back.to}
          css={(theme) => [
            { color: theme.color.brand, fontWeight: theme.font.weight.medium, justifySelf: 'start' },
            focusRing(theme),
          ]}
        >
          ← {back.label}
        </Link>
        <header
          css={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: '1rem',
            flexWrap: 'wrap',
          }}
        >
          <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl, overflowWrap: 'anywhere' })}>{title}</h1>
          {actions ? <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>{actions}</div> : null}
        </header>
        {children}
      </div>
    </PageContainer>
  );
}
