import { COPYRIGHT_YEAR } from '@beabro/shared/data/defaults';
import { Link } from 'react-router-dom';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { paths } from '@beabro/shared/contract/paths';

/** Pricing, payouts, privacy, terms, cookie policy and contact all lead into the Help Centre. */
const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: paths.create, label: 'Start a mission' },
      { to: paths.discover, label: 'For Supporters' },
      { to: paths.help, label: 'Help Centre' },
    ],
  },
  {
    title: 'Creators',
    links: [
      { to: `${paths.help}?category=pricing`, label: 'Pricing' },
      { to: `${paths.help}?category=payments`, label: 'Payouts' },
      { to: `${paths.help}#contact`, label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      // Each opens its own Help article (the id of shared/src/data/faq.ts), unfolded and scrolled to.
      { to: `${paths.help}#privacy-policy`, label: 'Privacy' },
      { to: `${paths.help}#terms-of-service`, label: 'Terms' },
      { to: `${paths.help}#cookie-policy`, label: 'Cookie Policy' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer css={(theme) => ({ marginTop: theme.space(16), background: theme.color.text, color: '#d1d5db' })}>
      <div css={(theme) => ({ padding: `${theme.space(10)} 0` })}>
        <PageContainer
          css={(theme) => ({
            display: 'grid',
            gap: theme.space(8),
            gridTemplateColumns: '1fr',
            [theme.breakpoint.md]: { gridTemplateColumns: '2fr 1fr 1fr 1fr' },
          })}
        >
          <div>
            <p
              css={(theme) => ({
                margin: 0,
                color: theme.color.textInverse,
                fontWeight: theme.font.weight.bold,
                fontSize: theme.font.size.lg,
              })}
            >
              Be a Bro
            </p>
            <p css={{ margin: '0.5rem 0 0', maxWidth: '22rem' }}>
              Direct support for people on a mission. Creators keep 95% of every support before card processing, paid
              out weekly.
            </p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2
                css={(theme) => ({
                  margin: '0 0 0.75rem',
                  fontSize: theme.font.size.sm,
                  color: theme.color.textInverse,
                  textTransform: 'uppercase',
                  letterSpacing: '0.05em',
                })}
              >
                {column.title}
              </h2>
              <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link
                      to={link.to}
                      css={(theme) => [
                        { color: '#e5e7eb', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
                        focusRing(theme),
                      ]}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </PageContainer>
      </div>
      <div
        css={(theme) => ({
          borderTop: '1px solid #374151',
          padding: `${theme.space(4)} 0`,
          fontSize: theme.font.size.sm,
        })}
      >
        <PageContainer>© {COPYRIGHT_YEAR} Be a Bro. All rights reserved.</PageContainer>
      </div>
    </footer>
  );
}
