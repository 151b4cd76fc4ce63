import { useParams } from 'react-router-dom';
import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { PostEditorPage } from '../features/posts/components/post-editor-page';
import { PostsListPage } from '../features/posts/components/posts-list-page';

export const contractVersion = CONTRACT_VERSION;

/** /dashboard/posts (the list), /dashboard/posts/new and /dashboard/posts/{id} (the form). */
export default function PostsArea(_props: RemoteAreaProps) {
  // The shell routes "/dashboard/posts/:postId"; the standalone harness mounts areas at "path/*".
  const params = useParams();
  const postId = params.postId ?? (params['*'] || undefined);
  if (postId === undefined) return <PostsListPage />;
  // Keyed: moving from one post to another (or to a new one) starts a fresh form.
  return <PostEditorPage key={postId} postId={postId === 'new' ? null : postId} />;
}
