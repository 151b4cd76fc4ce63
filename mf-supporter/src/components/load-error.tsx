import { Button } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';

export interface LoadErrorProps {
  title: string;
  detail?: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** What a failed load shows: what went wrong, and a Retry that really asks again. */
export function LoadError({
  title,
  detail = 'Check your connection and try again.',
  onRetry,
  retrying = false,
}: LoadErrorProps) {
  return (
    <Card as="div" role="alert" css={(theme) => ({ textAlign: 'center', borderColor: theme.color.dangerSoft })}>
      <p css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold, fontSize: theme.font.size.lg })}>{title}</p>
      <p css={(theme) => ({ margin: `${theme.space(2)} 0 ${theme.space(4)}`, color: theme.color.textMuted })}>
        {detail}
      </p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </Card>
  );
}
