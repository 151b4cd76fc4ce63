import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@beabro/shared/api/api-client';
import { MY_CREATOR_PROFILE_QUERY_KEY } from '@beabro/shared/api/get-my-creator-profile';
import {
  CREATOR_PROFILE_MESSAGES,
  IMAGE_MAX_BYTES,
  creatorProfileResponseSchema,
  type ImageKind,
  type OwnCreatorProfileDto,
} from '@beabro/shared/api-schemas/creator-profile';

export interface UploadProfileImageInput {
  kind: ImageKind;
  /** From an `<input type="file" accept={IMAGE_ACCEPT}>`; the server checks the content, not the type. */
  file: Blob;
}

export function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `----beabro${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The multipart body is built by hand because apiRequest labels every body it is given as JSON unless a
 * Content-Type is set, and a FormData boundary is only known to the browser. Same bytes a FormData would send.
 */
export function multipartImageBody(file: Blob, boundary: string): Blob {
  const name = file instanceof File && file.name ? file.name : 'image';
  // The server ignores the name; keep it to safe ASCII so it cannot break the header line.
  const filename = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : 'application/octet-stream';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return new Blob([head, file, `\r\n--${boundary}--\r\n`]);
}

/** Sets the profile or cover image (PNG, JPEG or WebP, at most 5 MB). */
export async function uploadProfileImage({ kind, file }: UploadProfileImageInput): Promise<OwnCreatorProfileDto> {
  // Saves uploading megabytes only to be refused; the server checks again.
  if (file.size > IMAGE_MAX_BYTES)
    throw new ApiError(400, CREATOR_PROFILE_MESSAGES.imageTooLarge, { file: CREATOR_PROFILE_MESSAGES.imageTooLarge });
  const boundary = randomBoundary();
  const body = await apiRequest<unknown>(`/creator-profile/images/${kind}`, {
    method: 'POST',
    body: multipartImageBody(file, boundary),
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  });
  return creatorProfileResponseSchema.parse(body).profile;
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: (profile) => queryClient.setQueryData(MY_CREATOR_PROFILE_QUERY_KEY, profile),
  });
}
