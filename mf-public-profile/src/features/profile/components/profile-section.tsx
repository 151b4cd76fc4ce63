import { useId, type ReactNode } from 'react';
import { Card } from '@beabro/shared/ui/card';

export interface ProfileSectionProps {
  title: ReactNode;
  /** Shown at the end of the heading row (a count, a link). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The section's id, for links to it (`#id`: scrolled to clear of the site's sticky header). */
  id?: string;
}

/** One card of the profile page: a section named by its h2. */
export function ProfileSection({ title, aside, children, className, id }: ProfileSectionProps) {
  const headingId = useId();
  return (
    <Card id={id} aria-labelledby={headingId} className={className} css={{ minWidth: 0, scrollMarginTop: '6rem' }}>
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: '0.75rem',
          marginBottom: '1rem',
          flexWrap: 'wrap',
        }}
      >
        <h2 id={headingId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}
