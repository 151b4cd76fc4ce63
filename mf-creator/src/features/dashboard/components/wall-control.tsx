import { ApiError } from '@beabro/shared/api/api-client';
import { useSetWallHidden } from '@beabro/shared/api/supporter-wall-calls';
import type { WallState } from '@beabro/shared/api-schemas/supporter-wall';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';

/** Where the support's supporter stands on the creator's wall, as a badge (nothing when not on it). */
export function wallBadge(wall: WallState | null) {
  if (wall === 'shown') return <Badge tone="success">On your wall</Badge>;
  if (wall === 'hidden') return <Badge tone="neutral">Hidden from your wall</Badge>;
  return null;
}

/** Hide a supporter who chose the wall (every support of theirs), or show them again. */
export function WallControl({ supportId, wall, supporter }: { supportId: string; wall: WallState; supporter: string }) {
  const mutation = useSetWallHidden();
  const hide = wall === 'shown';
  const failure = mutation.error
    ? mutation.error instanceof ApiError
      ? mutation.error.message
      : 'We could not reach Be a Bro. Check your internet connection and try again.'
    : null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={mutation.isPending}
        aria-label={
          hide ? `Hide ${supporter} from your supporter wall` : `Show ${supporter} on your supporter wall again`
        }
        onClick={() => mutation.mutate({ supportId, hidden: hide })}
      >
        {mutation.isPending ? 'Saving…' : hide ? 'Hide from wall' : 'Show on wall'}
      </Button>
      {failure ? (
        <p
          role="alert"
          css={(theme) => ({ margin: 0, flexBasis: '100%', color: theme.color.danger, fontSize: theme.font.size.sm })}
        >
          {failure}
        </p>
      ) : null}
    </>
  );
}
