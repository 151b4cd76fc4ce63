import {
  CONTRACT_VERSION,
  type AreaPrefetchContext,
  type RemoteAreaProps,
} from '@beabro/shared/contract/remote-contract';
import { ProfilePage } from '../features/profile/components/profile-page';
import { POSTS_PAGE_PARAM, parsePostsPage, prefetchCreatorPosts } from '../features/posts/hooks/use-posts';
import { prefetchCreator } from '../hooks/use-creator';
import { useUsernameParam, usernameFromParams } from '../hooks/use-username-param';

export const contractVersion = CONTRACT_VERSION;

/** Server rendering: the profile and its page of posts (`?postsPage=`, else the first) are what the first render shows. */
export async function prefetch({ params, searchParams, queryClient }: AreaPrefetchContext): Promise<void> {
  const username = usernameFromParams(params);
  await Promise.all([
    prefetchCreator(queryClient, username),
    prefetchCreatorPosts(queryClient, username, parsePostsPage(searchParams.get(POSTS_PAGE_PARAM))),
  ]);
}

/** /{username}: the shell mounts this at "/:username" (basePath); the username comes from the route. */
export default function ProfileArea(_props: RemoteAreaProps) {
  const username = useUsernameParam();
  // Keyed by username: moving from one creator to another starts a fresh page (tier choice, thank-you).
  return <ProfilePage key={username} username={username} />;
}
