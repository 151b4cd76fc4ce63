import { useId } from 'react';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

const howItWorksSteps = [
  {
    title: 'Share your mission',
    description:
      "Tell people what you're building and why it matters, with a short bio, your creator type and your links.",
  },
  {
    title: 'Get your link',
    description:
      'Pick a username and your suggested amounts. Your support page lives at its own short link, ready to share anywhere.',
  },
  {
    title: 'Community supports',
    description: 'Your bros give one-off or monthly support, often with a message of encouragement along the way.',
  },
  {
    title: 'Keep building',
    description: 'Money arrives every week, so you spend less time fundraising and more time on the mission itself.',
  },
] as const;

export function HowItWorksSection() {
  const titleId = useId();
  return (
    <LandingSection labelledBy={titleId} tone="plain">
      <SectionHeading id={titleId} eyebrow="How it works" title="From idea to supported in four steps" />
      {/* role="list": Safari drops list semantics (and so the "1 of 4" position) from lists styled with list-style: none. */}
      <ol
        role="list"
        css={(theme) => ({
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: theme.space(8),
          [theme.breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: theme.space(6) },
        })}
      >
        {howItWorksSteps.map((step, index) => (
          <li key={step.title} css={{ minWidth: 0, textAlign: 'center' }}>
            <span
              aria-hidden="true"
              css={(theme) => ({
                display: 'inline-grid',
                placeItems: 'center',
                width: '3.5rem',
                height: '3.5rem',
                borderRadius: '50%',
                background: theme.gradient.hero,
                color: theme.color.textInverse,
                fontSize: theme.font.size.xl,
                fontWeight: theme.font.weight.bold,
                boxShadow: theme.shadow.raised,
              })}
            >
              {index + 1}
            </span>
            <h3 css={(theme) => ({ margin: `${theme.space(4)} 0 ${theme.space(2)}`, fontSize: theme.font.size.lg })}>
              {step.title}
            </h3>
            <p css={(theme) => ({ margin: '0 auto', maxWidth: '20rem', color: theme.color.textMuted })}>
              {step.description}
            </p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
