import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@beabro/shared/api-schemas/creator-profile';

/*
 * Profile and cover images on local disk, under <DATA_DIR>/uploads. Every upload gets a new random name,
 * so a stored file never changes and can be cached forever; the profile row holds its path /uploads/<name>.
 */

export type ImageType = 'png' | 'jpg' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** Exactly the names saveImage makes: nothing else (no "..", no other folder) can be served or deleted. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;
const UPLOAD_PATH_PREFIX = '/uploads/';

/** What a profile row stores for an uploaded image: its public path, the same value every reader can use. */
export function uploadedImagePath(name: string): string {
  return `${UPLOAD_PATH_PREFIX}${name}`;
}

/** The file name behind a stored value, when it is one of our uploads (seeded rows may hold https URLs). */
export function uploadedImageName(stored: string | null): string | null {
  if (!stored?.startsWith(UPLOAD_PATH_PREFIX)) return null;
  const name = stored.slice(UPLOAD_PATH_PREFIX.length);
  return STORED_IMAGE_NAME.test(name) ? name : null;
}

/**
 * The URL to show for a stored image value, or null (draw the placeholder). Our uploads and https URLs only:
 * the value ends up in an `src`, so nothing else that slipped into the column is passed on.
 */
export function imageUrl(stored: string | null): string | null {
  if (!stored) return null;
  if (uploadedImageName(stored)) return stored;
  try {
    return new URL(stored).protocol === 'https:' ? stored : null;
  } catch {
    return null;
  }
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

/** The image type by its magic bytes (the declared Content-Type is whatever the client says). */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Stored images are at most this wide or high: larger uploads are scaled down (a profile never shows more). */
const STORED_MAX_SIDE = 2400;

export type ImageProblem = 'type' | 'dimensions' | 'unreadable';

export class ImageRejectedError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`image refused: ${problem}`);
  }
}

/**
 * Decodes an upload with libvips (sharp) and encodes it again in its own format: the dimensions the
 * header declares are checked before any pixel is decoded (a 50 KB file may declare 20000x20000), the
 * decoder refuses more than IMAGE_MAX_PIXELS, the EXIF orientation is applied, and no metadata (EXIF
 * with GPS, XMP, comments) is kept. Only what the decoder could read is ever stored or served.
 */
export async function reencodeImage(
  bytes: Uint8Array,
): Promise<{ bytes: Buffer; type: ImageType; width: number; height: number }> {
  const type = detectImageType(bytes);
  if (!type) throw new ImageRejectedError('type');
  // Lenient like a browser about a damaged end (failOn none): only what was decoded is encoded again.
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'none' as const, animated: false };
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header only: no pixel is decoded yet, so no pixel limit applies here.
    ({ width, height } = await sharp(bytes, { ...options, limitInputPixels: false }).metadata());
  } catch {
    throw new ImageRejectedError('unreadable');
  }
  if (!width || !height) throw new ImageRejectedError('unreadable');
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS)
    throw new ImageRejectedError('dimensions');
  const pipeline = sharp(bytes, options)
    .rotate()
    .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  try {
    const encoded =
      type === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : type === 'jpg'
          ? pipeline.jpeg({ quality: 85 })
          : pipeline.webp({ quality: 85 });
    // The size as encoded: after the rotation from EXIF and the resize, what a browser will lay out.
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, type, width: info.width, height: info.height };
  } catch {
    throw new ImageRejectedError('unreadable');
  }
}

export async function saveImage(dir: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  // "wx": never overwrite, even in the astronomically unlikely case of a repeated name.
  await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** Removes an uploaded file by its stored value; anything that is not one of our uploads is left alone. */
export async function deleteUploadedImage(dir: string, stored: string | null): Promise<void> {
  const name = uploadedImageName(stored);
  if (name) await rm(path.join(dir, name), { force: true });
}

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

export async function readImage(dir: string, name: string): Promise<StoredImage | null> {
  const match = STORED_IMAGE_NAME.exec(name);
  if (!match) return null;
  try {
    const bytes = await readFile(path.join(dir, name));
    return { bytes, contentType: IMAGE_CONTENT_TYPES[match[1] as ImageType] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
