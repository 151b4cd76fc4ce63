import type { CreatorPostDto } from '@beabro/shared/api-schemas/posts';
import { postBodyStyle } from '@beabro/shared/ui/post-view';

/**
 * The post as readers will see it: the HTML the server rendered from the saved Markdown (the page carries no
 * Markdown renderer of its own, so the preview is exactly what the API stores and sends).
 */
export function PostPreview({ post, changed }: { post: CreatorPostDto | null; changed: boolean }) {
  const note = (text: string) => (
    <p
      role="note"
      css={(theme) => ({
        margin: '0 0 0.75rem',
        padding: theme.space(3),
        borderRadius: theme.radius.md,
        background: theme.color.warningSoft,
        color: theme.color.warning,
        fontSize: theme.font.size.sm,
      })}
    >
      {text}
    </p>
  );
  if (post === null)
    return note('The preview shows your post as the server renders it: save a draft first, then look here.');
  return (
    <div>
      {changed ? note('This is the last saved version. Save to see your latest changes here.') : null}
      <div
        data-testid="post-preview"
        css={(theme) => [
          postBodyStyle(theme),
          { padding: theme.space(4), border: `1px solid ${theme.color.border}`, borderRadius: theme.radius.md },
        ]}
        // Sanitized by the API (rendered on the server from the saved Markdown).
        dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
      />
    </div>
  );
}
