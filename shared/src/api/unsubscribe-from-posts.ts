import { apiRequest } from '@beabro/shared/api/api-client';
import { postUnsubscribeResponseSchema } from '@beabro/shared/api-schemas/posts';

/** The link of a post email: stops those emails, signed in or not. Throws `ApiError` (400 invalid link, 429). */
export async function unsubscribeFromPosts(token: string): Promise<{ creatorDisplayName: string }> {
  const answer = postUnsubscribeResponseSchema.parse(
    await apiRequest<unknown>('/posts/unsubscribe', { method: 'POST', body: JSON.stringify({ token }) }),
  );
  return { creatorDisplayName: answer.creatorDisplayName };
}
