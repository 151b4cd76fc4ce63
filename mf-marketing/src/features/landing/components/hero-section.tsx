import { useId } from 'react';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { paths } from '@beabro/shared/contract/paths';
import { CallToActionLinks } from './call-to-action-links';
import { SupportPagePreview } from './support-page-preview';
import { CheckIcon } from '@beabro/shared/ui/icons/check';
import { HeartIcon } from '@beabro/shared/ui/icons/heart';

const reassurances = [
  'No setup or subscription fees',
  'Supporters pay without an account',
  'Cancel monthly support anytime',
];

export function HeroSection() {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      css={(theme) => ({
        position: 'relative',
        // The decorative glows below extend past the edges; clipping them keeps 360 px phones free of horizontal scrolling.
        overflow: 'hidden',
        background: theme.gradient.hero,
        color: theme.color.textInverse,
        padding: `${theme.space(16)} 0 ${theme.space(18)}`,
        [theme.breakpoint.md]: { padding: `${theme.space(24)} 0` },
        // Only darkening glows: a light glow behind white text would eat into its contrast.
        '&::before, &::after': { content: '""', position: 'absolute', borderRadius: '50%', pointerEvents: 'none' },
        '&::before': {
          width: '32rem',
          height: '32rem',
          left: '-12rem',
          bottom: '-18rem',
          background: 'radial-gradient(circle, rgba(30, 27, 75, 0.35), transparent 70%)',
        },
        '&::after': {
          width: '26rem',
          height: '26rem',
          right: '-8rem',
          top: '-10rem',
          border: '1px solid rgba(255, 255, 255, 0.18)',
        },
      })}
    >
      <PageContainer
        css={(theme) => ({
          position: 'relative',
          zIndex: 1,
          display: 'grid',
          gap: theme.space(12),
          alignItems: 'center',
          [theme.breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 0.8fr)' },
        })}
      >
        <div css={{ minWidth: 0 }}>
          <p
            css={(theme) => ({
              display: 'inline-flex',
              alignItems: 'center',
              gap: theme.space(2),
              margin: `0 0 ${theme.space(5)}`,
              padding: `${theme.space(1)} ${theme.space(3)}`,
              borderRadius: theme.radius.pill,
              background: 'rgba(17, 24, 39, 0.22)',
              fontSize: theme.font.size.sm,
              fontWeight: theme.font.weight.medium,
            })}
          >
            <HeartIcon />
            Community support for creators
          </p>
          <h1
            id={titleId}
            css={(theme) => ({
              margin: 0,
              fontSize: theme.font.size.hero,
              fontWeight: theme.font.weight.bold,
              letterSpacing: '-0.02em',
              lineHeight: 1.1,
              maxWidth: '18ch',
            })}
          >
            Get backed by the people who believe in your mission
          </h1>
          <p
            css={(theme) => ({
              margin: `${theme.space(5)} 0 ${theme.space(8)}`,
              maxWidth: '36rem',
              fontSize: theme.font.size.lg,
              [theme.breakpoint.md]: { fontSize: theme.font.size.xl },
            })}
          >
            Be a Bro gives you a professional support page in about 5 minutes. Your community, your bros, back you with
            one-off or monthly support, and you keep 95% before card processing, with payouts every week.
          </p>
          <CallToActionLinks
            primary={{ to: paths.create, label: 'Start Getting Supported' }}
            secondary={{ to: paths.signUpSupporter, label: 'Be a Bro - Support Someone' }}
          />
          <ul
            aria-label="Good to know"
            css={(theme) => ({
              listStyle: 'none',
              display: 'flex',
              flexWrap: 'wrap',
              gap: `${theme.space(2)} ${theme.space(5)}`,
              margin: `${theme.space(8)} 0 0`,
              padding: 0,
              fontSize: theme.font.size.sm,
            })}
          >
            {reassurances.map((item) => (
              <li key={item} css={(theme) => ({ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) })}>
                <CheckIcon />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <SupportPagePreview />
      </PageContainer>
    </section>
  );
}
