import { useId } from 'react';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { paths } from '@beabro/shared/contract/paths';
import { CallToActionLinks } from './call-to-action-links';

export function ClosingCtaSection() {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      css={(theme) => ({ padding: `${theme.space(14)} 0`, [theme.breakpoint.md]: { padding: `${theme.space(20)} 0` } })}
    >
      <PageContainer>
        <div
          css={(theme) => ({
            position: 'relative',
            overflow: 'hidden',
            // Narrow side padding on phones so the call-to-action labels fit on one line at 360 px.
            padding: `${theme.space(12)} ${theme.space(4)}`,
            borderRadius: theme.radius.lg,
            background: theme.gradient.hero,
            color: theme.color.textInverse,
            textAlign: 'center',
            boxShadow: theme.shadow.raised,
            [theme.breakpoint.md]: { padding: `${theme.space(16)} ${theme.space(12)}` },
          })}
        >
          <h2
            id={titleId}
            css={(theme) => ({
              margin: '0 auto',
              maxWidth: '32rem',
              fontSize: theme.font.size.xxl,
              [theme.breakpoint.md]: { fontSize: '2.25rem' },
            })}
          >
            Ready to build with your community behind you?
          </h2>
          <p
            css={(theme) => ({
              margin: `${theme.space(4)} auto ${theme.space(8)}`,
              maxWidth: '36rem',
              fontSize: theme.font.size.lg,
            })}
          >
            Set up your support page in about 5 minutes, free. Or back someone whose mission you believe in: it takes
            seconds.
          </p>
          {/* Close variants of the hero labels: same destinations, but each link name stays unique on the page. */}
          <CallToActionLinks
            align="center"
            primary={{ to: paths.create, label: 'Create Your Support Page' }}
            secondary={{ to: paths.signUpSupporter, label: 'Support Someone as a Bro' }}
          />
        </div>
      </PageContainer>
    </section>
  );
}
