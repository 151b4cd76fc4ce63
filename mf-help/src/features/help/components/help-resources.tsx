import { useId, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@beabro/shared/contract/paths';
import { cardStyle } from '@beabro/shared/ui/card';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { CompassIcon } from '@beabro/shared/ui/icons/compass';
import { FlagIcon } from '@beabro/shared/ui/icons/flag';
import { ShareIcon } from '@beabro/shared/ui/icons/share';
import type { IconProps } from '@beabro/shared/ui/icons/svg';

interface Resource {
  icon: ComponentType<IconProps>;
  title: string;
  text: string;
  to: string;
}

export interface HelpResourcesProps {
  /** Where the help centre is mounted, so its own links survive a different mount path. */
  basePath: string;
}

export function HelpResources({ basePath }: HelpResourcesProps) {
  const headingId = useId();
  // Every card goes to a real page of the site; nothing here may point at a page that does not exist.
  const resources: readonly Resource[] = [
    {
      icon: FlagIcon,
      title: 'Set up your mission page',
      text: 'Create your support page in about 5 minutes, in three short steps.',
      to: paths.create,
    },
    {
      icon: ShareIcon,
      title: 'Share your page',
      text: 'Tips for sharing your link and adding a support button to your website.',
      to: `${basePath}?category=integration`,
    },
    {
      icon: CompassIcon,
      title: 'Find missions to support',
      text: 'Discover mission builders and back the ones you believe in.',
      to: paths.discover,
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} css={(theme) => ({ margin: `0 0 ${theme.space(4)}`, fontSize: theme.font.size.xl })}>
        More resources
      </h2>
      <ul
        css={(theme) => ({
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: theme.space(4),
          gridTemplateColumns: '1fr',
          [theme.breakpoint.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
        })}
      >
        {resources.map((resource) => (
          <li key={resource.title} css={{ display: 'flex' }}>
            <Link
              to={resource.to}
              css={(theme) => [
                cardStyle(theme, 5),
                {
                  flex: 1,
                  display: 'flex',
                  flexDirection: 'column',
                  gap: theme.space(2),
                  color: theme.color.text,
                  textDecoration: 'none',
                  transition: 'border-color 120ms ease, box-shadow 120ms ease',
                  '&:hover': { borderColor: theme.color.brand, boxShadow: theme.shadow.raised },
                  '&:hover h3': { textDecoration: 'underline' },
                },
                focusRing(theme),
              ]}
            >
              <span
                css={(theme) => ({
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: '2.75rem',
                  height: '2.75rem',
                  borderRadius: theme.radius.md,
                  background: theme.color.brandSoft,
                  color: theme.color.brand,
                })}
              >
                <resource.icon size={22} />
              </span>
              <h3 css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg, color: theme.color.brandHover })}>
                {resource.title}
              </h3>
              <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>{resource.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
