import { apiRequest } from '@beabro/shared/api/api-client';

export type ViewedPage = 'profile' | 'support';

/** POST /api/creators/:username/views: counts one visit for the creator's analytics (204, no body). */
export async function recordPageView(username: string, page: ViewedPage): Promise<void> {
  await apiRequest<null>(`/creators/${encodeURIComponent(username)}/views`, {
    method: 'POST',
    body: JSON.stringify({ page }),
  });
}
