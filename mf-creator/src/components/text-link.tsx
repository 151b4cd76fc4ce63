import { Link, type LinkProps } from 'react-router-dom';
import { focusRing } from '@beabro/shared/ui/focus-ring';

/** An in-site text link in the brand colour, underlined so it is not told apart by colour alone. */
export function TextLink(props: LinkProps) {
  return (
    <Link
      css={(theme) => [
        {
          color: theme.color.brandHover,
          fontWeight: theme.font.weight.medium,
          textUnderlineOffset: '0.15em',
          borderRadius: theme.radius.sm,
        },
        focusRing(theme),
      ]}
      {...props}
    />
  );
}
