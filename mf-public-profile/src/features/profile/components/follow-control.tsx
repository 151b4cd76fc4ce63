import { ApiError } from '@beabro/shared/api/api-client';
import { useFollowCreator, useUnfollowCreator } from '@beabro/shared/api/follow-creator';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { useToast } from '@beabro/shared/ui/toast';
import { paths } from '@beabro/shared/contract/paths';
import { CheckIcon } from '@beabro/shared/ui/icons/check';

/**
 * Follow / Following for signed-in visitors; a way to sign in (and come back) for everyone else; the
 * creator sees a link to edit their own page instead. Nothing shows until the session is known, so the
 * button never flips under the visitor's pointer.
 */
export function FollowControl({ profile }: { profile: PublicCreatorProfileDto }) {
  const status = useSessionStore((s) => s.status);
  const follow = useFollowCreator(profile.username);
  const unfollow = useUnfollowCreator(profile.username);
  const toast = useToast();

  if (status === 'unknown') return null;
  if (status === 'signed-out') {
    return (
      <ButtonLink to={paths.signIn(paths.profile(profile.username))} variant="secondary">
        Sign in to follow
      </ButtonLink>
    );
  }
  if (profile.viewer.isOwner) {
    return (
      <ButtonLink to={paths.settings()} variant="secondary">
        Edit profile
      </ButtonLink>
    );
  }

  const following = profile.viewer.isFollowing;
  const pending = follow.isPending || unfollow.isPending;
  const toggle = () => {
    const mutation = following ? unfollow : follow;
    mutation.mutate(undefined, {
      onError: (error) =>
        toast.show(
          error instanceof ApiError
            ? error.message
            : 'We could not reach Be a Bro. Check your connection and try again.',
          'error',
        ),
    });
  };
  return (
    <Button variant={following ? 'secondary' : 'primary'} aria-pressed={following} disabled={pending} onClick={toggle}>
      {following ? (
        <>
          <CheckIcon /> Following
        </>
      ) : (
        'Follow'
      )}
    </Button>
  );
}
