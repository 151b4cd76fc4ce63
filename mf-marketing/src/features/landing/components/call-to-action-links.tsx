import type { Theme } from '@emotion/react';
import { ButtonLink } from '@beabro/shared/ui/button';

export interface CallToAction {
  to: string;
  label: string;
}

export interface CallToActionLinksProps {
  primary: CallToAction;
  secondary: CallToAction;
  align?: 'start' | 'center';
}

// Both pairs of calls to action sit on the hero gradient: the kit's blue focus ring would be hard to see there, so it turns white.
function onGradient(theme: Theme) {
  return {
    fontWeight: theme.font.weight.bold,
    '&:focus-visible': { outline: `3px solid ${theme.color.textInverse}`, outlineOffset: '3px' },
  } as const;
}

/** A solid and an outlined call to action for use on the hero gradient; they stack full-width on narrow phones. */
export function CallToActionLinks({ primary, secondary, align = 'start' }: CallToActionLinksProps) {
  return (
    <div
      css={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        gap: theme.space(3),
        [theme.breakpoint.sm]: {
          flexDirection: 'row',
          flexWrap: 'wrap',
          justifyContent: align === 'center' ? 'center' : 'flex-start',
        },
      })}
    >
      <ButtonLink
        to={primary.to}
        variant="inverse"
        size="lg"
        css={(theme) => [onGradient(theme), { boxShadow: theme.shadow.raised }]}
      >
        {primary.label}
      </ButtonLink>
      <ButtonLink
        to={secondary.to}
        variant="inverse"
        size="lg"
        css={(theme) => [
          onGradient(theme),
          {
            background: 'transparent',
            color: theme.color.textInverse,
            borderColor: 'rgba(255, 255, 255, 0.85)',
            // Darkening (not lightening) on hover keeps white text above 4.5:1 even at the pink end of the gradient.
            '&:hover:not(:disabled)': { background: 'rgba(17, 24, 39, 0.18)' },
          },
        ]}
      >
        {secondary.label}
      </ButtonLink>
    </div>
  );
}
