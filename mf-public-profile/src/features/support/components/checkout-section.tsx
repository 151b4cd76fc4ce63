import { useId, type ReactNode } from 'react';
import { Card } from '@beabro/shared/ui/card';

/** One numbered block of the checkout form, named by its h2. */
export function CheckoutSection({
  step,
  title,
  children,
  aside,
}: {
  step: number;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} css={{ minWidth: 0 }}>
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: '0.75rem',
          marginBottom: '1.25rem',
          flexWrap: 'wrap',
        }}
      >
        <h2
          id={headingId}
          css={(theme) => ({
            margin: 0,
            fontSize: theme.font.size.lg,
            display: 'flex',
            alignItems: 'center',
            gap: '0.625rem',
          })}
        >
          <span
            aria-hidden="true"
            css={(theme) => ({
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: '1.75rem',
              height: '1.75rem',
              borderRadius: theme.radius.pill,
              background: theme.color.brandSoft,
              color: theme.color.brandHover,
              fontSize: theme.font.size.sm,
            })}
          >
            {step}
          </span>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}
