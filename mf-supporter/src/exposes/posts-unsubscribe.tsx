import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { PostsUnsubscribePage } from '../features/posts-unsubscribe/components/posts-unsubscribe-page';

export const contractVersion = CONTRACT_VERSION;

// No prefetch: the page reads only its address until the button is pressed. basePath is unused (one address).
export default function PostsUnsubscribe(_props: RemoteAreaProps) {
  return <PostsUnsubscribePage />;
}
