import { useParams } from 'react-router-dom';
import {
  CONTRACT_VERSION,
  type AreaPrefetchContext,
  type RemoteAreaProps,
} from '@beabro/shared/contract/remote-contract';
import { PostPage } from '../features/posts/components/post-page';
import { prefetchPublicPost } from '../features/posts/hooks/use-posts';
import { useUsernameParam, usernameFromParams } from '../hooks/use-username-param';

export const contractVersion = CONTRACT_VERSION;

/** The post's slug (or id) from a `/:username/posts/:post` route, lower-cased as slugs are. */
function postFromParams(params: Readonly<Record<string, string | undefined>>): string {
  return (params.post ?? '').toLowerCase();
}

/** Server rendering: the post (its body only when a signed-out visitor may read it) and its creator. */
export async function prefetch({ params, queryClient }: AreaPrefetchContext): Promise<void> {
  await prefetchPublicPost(queryClient, usernameFromParams(params), postFromParams(params));
}

/** /{username}/posts/{slug}: the shell mounts this at "/:username/posts/:post". */
export default function PostArea(_props: RemoteAreaProps) {
  const username = useUsernameParam();
  const post = postFromParams(useParams());
  return <PostPage key={`${username}/${post}`} username={username} slug={post} />;
}
