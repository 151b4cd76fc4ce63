import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CREATOR_TYPES } from '@beabro/shared/data/creator-types';
import { ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { paths } from '@beabro/shared/contract/paths';

/** The Discover tab leads to /discover; the type shortcuts open it already filtered. */
export function DiscoverTab() {
  const headingId = useId();
  const typesId = useId();
  return (
    <Card
      aria-labelledby={headingId}
      css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(5) })}
    >
      <div
        css={{
          display: 'flex',
          gap: '1rem',
          alignItems: 'flex-start',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
        }}
      >
        <div css={{ minWidth: 0, flex: '1 1 20rem' }}>
          <h2 id={headingId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.xl })}>
            Find your next mission
          </h2>
          <p css={(theme) => ({ margin: `${theme.space(2)} 0 0`, color: theme.color.textMuted })}>
            Streamers, artists, educators, changemakers: search every creator on Be a Bro by name or what they do, and
            back the ones you believe in.
          </p>
        </div>
        <ButtonLink to={paths.discover} size="lg">
          Browse all creators
        </ButtonLink>
      </div>
      <nav aria-labelledby={typesId}>
        <h3 id={typesId} css={(theme) => ({ margin: `0 0 ${theme.space(3)}`, fontSize: theme.font.size.md })}>
          Browse by type
        </h3>
        <ul
          css={(theme) => ({
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'flex',
            flexWrap: 'wrap',
            gap: theme.space(2),
          })}
        >
          {CREATOR_TYPES.map((type) => (
            <li key={type.id}>
              <Link
                to={paths.discoverType(type.id)}
                css={(theme) => [
                  {
                    display: 'inline-block',
                    padding: '0.5rem 0.875rem',
                    borderRadius: theme.radius.pill,
                    border: `1px solid ${theme.color.border}`,
                    background: theme.color.brandSoft,
                    color: theme.color.brandHover,
                    fontSize: theme.font.size.sm,
                    fontWeight: theme.font.weight.medium,
                    textDecoration: 'none',
                    '&:hover': { borderColor: theme.color.brand },
                  },
                  focusRing(theme),
                ]}
              >
                {type.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
