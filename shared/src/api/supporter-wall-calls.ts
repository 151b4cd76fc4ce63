import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { creatorDashboardQueryKey } from '@beabro/shared/api/get-creator-dashboard';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import {
  leaveWallResponseSchema,
  supporterWallPageSchema,
  wallVisibilityResponseSchema,
  type LeaveWallResponse,
  type SupporterWallPageDto,
  type WallVisibilityResponse,
} from '@beabro/shared/api-schemas/supporter-wall';

/** One page of a creator's supporter wall (page 1 comes with the public profile). */
export async function getSupporterWallPage(username: string, page: number): Promise<SupporterWallPageDto> {
  return supporterWallPageSchema.parse(
    await apiRequest<unknown>(`/creators/${encodeURIComponent(username)}/wall?page=${page}`),
  );
}

/** The creator hides the supporter behind a support from their wall, or shows them again. Throws `ApiError` (404, 409, 429). */
export async function setWallHidden(supportId: string, hidden: boolean): Promise<WallVisibilityResponse> {
  return wallVisibilityResponseSchema.parse(
    await apiRequest<unknown>(`/creator/supports/${encodeURIComponent(supportId)}/wall`, {
      method: 'PUT',
      body: JSON.stringify({ hidden }),
    }),
  );
}

/** The signed-in supporter leaves a creator's wall. Throws `ApiError` (404 when not on it, 429). */
export async function leaveSupporterWall(username: string): Promise<LeaveWallResponse> {
  return leaveWallResponseSchema.parse(
    await apiRequest<unknown>(`/supporter/wall/${encodeURIComponent(username)}`, { method: 'DELETE' }),
  );
}

/** For the creator's supports list: the dashboard is refetched after it. */
export function useSetWallHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ supportId, hidden }: { supportId: string; hidden: boolean }) => setWallHidden(supportId, hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorDashboardQueryKey }),
  });
}

/** For My Missions: the supporter dashboard is refetched after it. */
export function useLeaveSupporterWall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveSupporterWall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey }),
  });
}
