import { useState } from 'react';
import { useDeletePost } from '@beabro/shared/api/creator-posts-calls';
import type { CreatorPostDto } from '@beabro/shared/api-schemas/posts';
import { Button } from '@beabro/shared/ui/button';
import { Modal } from '@beabro/shared/ui/modal';
import { useToast } from '@beabro/shared/ui/toast';
import { errorMessage } from '../../../lib/error-message';

export interface DeletePostDialogProps {
  /** The post to delete; null keeps the dialog closed. */
  post: CreatorPostDto | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting a post for good, and says why it failed if it did. */
export function DeletePostDialog({ post, onClose, onDeleted }: DeletePostDialogProps) {
  const remove = useDeletePost();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (remove.isPending) return;
    setError(null);
    onClose();
  };

  async function confirm() {
    if (!post) return;
    setError(null);
    try {
      await remove.mutateAsync(post.id);
      toast.show('Post deleted', 'success');
      onDeleted();
    } catch (failure) {
      setError(errorMessage(failure, 'The post could not be deleted.'));
    }
  }

  return (
    <Modal
      open={post !== null}
      title="Delete this post?"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete post'}
          </Button>
        </>
      }
    >
      {post ? (
        <div css={{ display: 'grid', gap: '0.75rem' }}>
          <p css={{ margin: 0, overflowWrap: 'anywhere' }}>
            “{post.title}” will be gone from your page and from your supporters’ feeds, and its address will show “Post
            not found”. This cannot be undone.
          </p>
          {error ? (
            <p role="alert" css={(theme) => ({ margin: 0, color: theme.color.danger })}>
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
