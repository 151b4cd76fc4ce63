import { ApiError } from '@beabro/shared/api/api-client';
import { useLeaveSupporterWall } from '@beabro/shared/api/supporter-wall-calls';
import { Button } from '@beabro/shared/ui/button';

export const LEAVE_WALL_LABEL = 'Leave the wall';

/** "You are on their supporter wall", with a way off it (a later support can put the supporter back). */
export function WallMembership({ username, displayName }: { username: string; displayName: string }) {
  const leave = useLeaveSupporterWall();
  const failure = leave.error
    ? leave.error instanceof ApiError
      ? leave.error.message
      : 'We could not reach Be a Bro. Check your internet connection and try again.'
    : null;
  return (
    <div
      css={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: theme.space(2),
        fontSize: theme.font.size.sm,
        color: theme.color.textMuted,
      })}
    >
      <span>You are on {displayName}’s supporter wall.</span>
      <Button
        variant="ghost"
        size="sm"
        disabled={leave.isPending}
        aria-label={`Leave ${displayName}’s supporter wall`}
        onClick={() => leave.mutate(username)}
      >
        {leave.isPending ? 'Leaving…' : LEAVE_WALL_LABEL}
      </Button>
      {failure ? (
        <p role="alert" css={(theme) => ({ margin: 0, flexBasis: '100%', color: theme.color.danger })}>
          {failure}
        </p>
      ) : null}
    </div>
  );
}
