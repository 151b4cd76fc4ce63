import { useId } from 'react';
import { Badge } from '@beabro/shared/ui/badge';
import { Card } from '@beabro/shared/ui/card';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';
import { BookIcon } from '@beabro/shared/ui/icons/book';
import { PaletteIcon } from '@beabro/shared/ui/icons/palette';
import { SproutIcon } from '@beabro/shared/ui/icons/sprout';

/*
 * Stands in for testimonials. Be a Bro has no real users to quote yet, so these are openly labelled,
 * illustrative personas written in the third person (no invented quotes, ratings or logos).
 * Creator types use the labels from onboarding; amounts are the default suggested amounts.
 */
const examples = [
  {
    Icon: PaletteIcon,
    name: 'Maya',
    creatorType: 'Artist/Creative',
    mission: 'Paints murals for her neighbourhood',
    story:
      'After each new wall Maya posts a time-lapse with her support link. Fans who love it send a one-off $5 to say thanks, and a circle of regulars gives $15 a month so the paint for the next wall is covered before she starts.',
    uses: ['One-off', 'Monthly'],
  },
  {
    Icon: BookIcon,
    name: 'Daniel',
    creatorType: 'Educator/Teacher',
    mission: 'Runs free evening coding classes',
    story:
      'Former students send one-off support when they land their first developer job. A small group of monthly bros covers the room hire and spare laptops that keep every class free to attend.',
    uses: ['One-off', 'Monthly'],
  },
  {
    Icon: SproutIcon,
    name: 'Amara',
    creatorType: 'Nonprofit/Social Impact',
    mission: 'Grows a community garden with her neighbours',
    story:
      'A funding goal on her profile rallies one-off support for a new greenhouse, while monthly supporters take care of seeds, tools and water all year round.',
    uses: ['One-off', 'Monthly', 'Funding goal'],
  },
] as const;

export function ExampleMissionsSection() {
  const titleId = useId();
  return (
    <LandingSection labelledBy={titleId} tone="plain">
      <SectionHeading
        id={titleId}
        eyebrow="Example missions"
        title="How mission builders use Be a Bro"
        intro="Be a Bro is just getting started, so rather than invent reviews, here are three example missions showing how one-off and monthly support work together."
      />
      <ul
        css={(theme) => ({
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: theme.space(6),
          [theme.breakpoint.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
        })}
      >
        {examples.map((example) => (
          <Card
            as="li"
            key={example.name}
            padding={6}
            css={(theme) => ({
              display: 'flex',
              flexDirection: 'column',
              minWidth: 0,
              // In the two-column tablet layout the third card spans both columns instead of sitting alone in half the row.
              [theme.breakpoint.md]: { '&:last-of-type': { gridColumn: '1 / -1' } },
              [theme.breakpoint.lg]: { '&:last-of-type': { gridColumn: 'auto' } },
            })}
          >
            <div css={(theme) => ({ display: 'flex', alignItems: 'flex-start', gap: theme.space(3) })}>
              <span
                aria-hidden="true"
                css={(theme) => ({
                  display: 'grid',
                  placeItems: 'center',
                  width: '3rem',
                  height: '3rem',
                  flexShrink: 0,
                  borderRadius: '50%',
                  background: theme.color.accentSoft,
                  color: theme.color.accent,
                  fontSize: '1.5rem',
                })}
              >
                <example.Icon />
              </span>
              <div css={{ flex: 1, minWidth: 0 }}>
                <h3 css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>{example.name}</h3>
                <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
                  {example.creatorType}
                </p>
              </div>
              <Badge tone="warning">Example</Badge>
            </div>
            <p
              css={(theme) => ({ margin: `${theme.space(5)} 0 ${theme.space(3)}`, fontWeight: theme.font.weight.bold })}
            >
              {example.mission}
            </p>
            <p
              css={(theme) => ({
                margin: 0,
                paddingLeft: theme.space(4),
                borderLeft: `3px solid ${theme.color.brand}`,
                fontStyle: 'italic',
                color: theme.color.textMuted,
                flex: 1,
              })}
            >
              {example.story}
            </p>
            <ul
              aria-label={`Support ${example.name} would use`}
              css={(theme) => ({
                listStyle: 'none',
                display: 'flex',
                flexWrap: 'wrap',
                gap: theme.space(2),
                margin: `${theme.space(5)} 0 0`,
                padding: 0,
              })}
            >
              {example.uses.map((use) => (
                <li key={use}>
                  <Badge tone="brand">{use}</Badge>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </ul>
      <p
        css={(theme) => ({
          margin: `${theme.space(8)} 0 0`,
          textAlign: 'center',
          fontSize: theme.font.size.sm,
          color: theme.color.textMuted,
        })}
      >
        Names and stories are illustrative examples, not real Be a Bro users.
      </p>
    </LandingSection>
  );
}
