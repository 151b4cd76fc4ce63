import type { ReactNode } from 'react';
import { Card } from '@beabro/shared/ui/card';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  /** An icon from @beabro/shared/ui/icon, shown in a soft brand-coloured tile. */
  icon?: ReactNode;
}

export function StatCard({ label, value, detail, icon }: StatCardProps) {
  return (
    <Card as="article" padding={5}>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '0.75rem' }}>
        <div>
          <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>{label}</p>
          <p
            css={(theme) => ({
              margin: '0.25rem 0 0',
              fontSize: theme.font.size.xxl,
              fontWeight: theme.font.weight.bold,
            })}
          >
            {value}
          </p>
        </div>
        {icon ? (
          <span
            aria-hidden="true"
            css={(theme) => ({
              display: 'inline-flex',
              flex: 'none',
              alignItems: 'center',
              justifyContent: 'center',
              width: '2.5rem',
              height: '2.5rem',
              borderRadius: theme.radius.md,
              background: theme.color.brandSoft,
              color: theme.color.brand,
              fontSize: '1.25rem',
            })}
          >
            {icon}
          </span>
        ) : null}
      </div>
      {detail ? (
        <p css={(theme) => ({ margin: '0.5rem 0 0', fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
          {detail}
        </p>
      ) : null}
    </Card>
  );
}
