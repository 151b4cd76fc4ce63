import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartImageBody } from '@beabro/shared/api/upload-profile-image';
import {
  CREATOR_PROFILE_MESSAGES,
  IMAGE_MAX_BYTES,
  type OwnCreatorProfileDto,
} from '@beabro/shared/api-schemas/creator-profile';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { fakeCreator } from '../creator-profile/fake-creator';
import { uploadsDir } from './images-service';

// Real 1x1 images (each decodes in a browser).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = uploadsDir(t.app.config.dataDir);
});
afterAll(() => t.close());

interface Part {
  bytes: Buffer;
  type: string;
  filename?: string;
  field?: string;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
function multipart(parts: Part[]) {
  const boundary = '----beabroTestBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename ?? 'image'}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(client: TestClient, kind: string, ...parts: Part[]) {
  return client.request({ method: 'POST', url: `/api/creator-profile/images/${kind}`, ...multipart(parts) });
}

/** CRC-32 of PNG chunks (type and data). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A decompression bomb: a PNG of a few KB declaring `side` x `side` pixels of one grey (rows of zeros compress to nothing). */
function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // The first rows only: enough for a decoder to start, tiny on disk.
  const rows = deflateSync(Buffer.alloc((side + 1) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const storedFiles = () => (existsSync(dir) ? readdirSync(dir).sort() : []);
const fileOf = (url: string | null) => (url ? path.join(dir, path.basename(url)) : '');

describe('POST /api/creator-profile/images/:kind', () => {
  it('stores a PNG profile image under a random name and serves it with long caching', async () => {
    const { client } = await fakeCreator(t);
    const res = await upload(client, 'profile', { bytes: PNG, type: 'image/png', filename: 'me.png' });
    expect(res.statusCode).toBe(200);
    const profile = res.json().profile as OwnCreatorProfileDto;
    expect(profile.profileImageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(profile.coverImageUrl).toBeNull();
    expect((await client.get('/api/creator-profile')).json().profile.profileImageUrl).toBe(profile.profileImageUrl);

    const image = await t.client().get(profile.profileImageUrl ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // Decoded and encoded again: the same picture, not the same bytes.
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('takes JPEG and WebP too, by their content whatever type the browser declared', async () => {
    const { client } = await fakeCreator(t);
    const cover = (await upload(client, 'cover', { bytes: JPEG, type: 'application/octet-stream' })).json()
      .profile as OwnCreatorProfileDto;
    expect(cover.coverImageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect((await t.client().get(cover.coverImageUrl ?? '')).headers['content-type']).toBe('image/jpeg');

    const profile = (await upload(client, 'profile', { bytes: WEBP, type: 'image/png' })).json()
      .profile as OwnCreatorProfileDto;
    expect(profile.profileImageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(profile.coverImageUrl).toBe(cover.coverImageUrl);
    const served = await t.client().get(profile.profileImageUrl ?? '');
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
  });

  it('accepts the body the shared client builds', async () => {
    const { client } = await fakeCreator(t);
    const boundary = '----beabro0123456789abcdef0123456789abcdef';
    const body = multipartImageBody(new File([JPEG], 'Mé "selfie".jpg', { type: 'image/jpeg' }), boundary);
    const res = await client.request({
      method: 'POST',
      url: '/api/creator-profile/images/profile',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    const served = await t.client().get(res.json().profile.profileImageUrl);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
  });

  it('deletes the file it replaces', async () => {
    const { client } = await fakeCreator(t);
    const first = (await upload(client, 'profile', { bytes: PNG, type: 'image/png' })).json().profile
      .profileImageUrl as string;
    expect(existsSync(fileOf(first))).toBe(true);
    const second = (await upload(client, 'profile', { bytes: JPEG, type: 'image/jpeg' })).json().profile
      .profileImageUrl as string;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect((await t.client().get(first)).statusCode).toBe(404);
    expect((await t.client().get(second)).statusCode).toBe(200);
  });

  it('refuses a text file that claims to be a PNG, and stores nothing', async () => {
    const { client, profile } = await fakeCreator(t);
    const before = storedFiles();
    const res = await upload(client, 'profile', {
      bytes: Buffer.from('<svg onload="alert(1)">not an image</svg>'),
      type: 'image/png',
      filename: 'evil.png',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Choose a PNG, JPEG or WebP image.',
      fieldErrors: { file: 'Choose a PNG, JPEG or WebP image.' },
    });
    expect(storedFiles()).toEqual(before);
    expect((await client.get('/api/creator-profile')).json().profile).toEqual(profile);
  });

  it('refuses an image bomb (a small PNG declaring 20000x20000) before decoding it, and stores nothing', async () => {
    const { client, profile } = await fakeCreator(t);
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const before = storedFiles();
    const res = await upload(client, 'profile', { bytes: bomb, type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: CREATOR_PROFILE_MESSAGES.imageDimensions,
      fieldErrors: { file: CREATOR_PROFILE_MESSAGES.imageDimensions },
    });
    expect(storedFiles()).toEqual(before);
    expect((await client.get('/api/creator-profile')).json().profile).toEqual(profile);
  });

  it('refuses a PNG whose pixels cannot be decoded, and stores nothing', async () => {
    const { client } = await fakeCreator(t);
    const before = storedFiles();
    const broken = Buffer.concat([PNG.subarray(0, 33), Buffer.from('not deflate data at all')]);
    const res = await upload(client, 'profile', { bytes: broken, type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ file: CREATOR_PROFILE_MESSAGES.imageUnreadable });
    expect(storedFiles()).toEqual(before);
  });

  it('strips metadata: a JPEG with GPS coordinates in its EXIF is stored without them', async () => {
    const { client } = await fakeCreator(t);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2418/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 4020/100',
        },
      })
      .toBuffer();
    // The fixture really carries the coordinates.
    expect((await sharp(photo).metadata()).exif?.length ?? 0).toBeGreaterThan(0);
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const res = await upload(client, 'profile', { bytes: photo, type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.client().get((res.json().profile as OwnCreatorProfileDto).profileImageUrl ?? '');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('refuses images over 5 MB, and stores nothing', async () => {
    const { client } = await fakeCreator(t);
    const before = storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await upload(client, 'cover', { bytes: big, type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ file: 'Images must be at most 5 MB.' });
    expect(storedFiles()).toEqual(before);
    expect((await client.get('/api/creator-profile')).json().profile.coverImageUrl).toBeNull();
    // Exactly 5 MB is allowed.
    const limit = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES - PNG.length)]);
    expect((await upload(client, 'cover', { bytes: limit, type: 'image/png' })).statusCode).toBe(200);
  });

  it('asks for an image when the request carries no file or an unreadable one', async () => {
    const { client } = await fakeCreator(t);
    const json = await client.post('/api/creator-profile/images/profile', { file: 'nope' });
    const empty = await client.request({
      method: 'POST',
      url: '/api/creator-profile/images/profile',
      ...multipart([]),
    });
    const emptyFile = await upload(client, 'profile', { bytes: Buffer.alloc(0), type: 'image/png' });
    const malformed = await client.request({
      method: 'POST',
      url: '/api/creator-profile/images/profile',
      payload: 'garbage',
      headers: multipart([]).headers,
    });
    const cutOff = multipart([{ bytes: PNG, type: 'image/png' }]);
    const truncated = await client.request({
      method: 'POST',
      url: '/api/creator-profile/images/profile',
      payload: cutOff.payload.subarray(0, 120),
      headers: cutOff.headers,
    });
    for (const res of [json, empty, emptyFile, malformed, truncated]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ file: CREATOR_PROFILE_MESSAGES.imageType });
    }
  });

  it('refuses an unknown kind', async () => {
    const { client } = await fakeCreator(t);
    const res = await upload(client, 'banner', { bytes: PNG, type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['kind']);
  });

  it('answers 404 to a signed-in user without a page and leaves no file behind', async () => {
    const { client } = await fakeUser(t);
    const before = storedFiles();
    expect((await upload(client, 'profile', { bytes: PNG, type: 'image/png' })).statusCode).toBe(404);
    expect((await client.delete('/api/creator-profile/images/profile')).statusCode).toBe(404);
    expect(storedFiles()).toEqual(before);
  });

  it("another creator's uploads and removals only touch their own page", async () => {
    const a = await fakeCreator(t);
    const b = await fakeCreator(t);
    const aImage = (await upload(a.client, 'profile', { bytes: PNG, type: 'image/png' })).json().profile
      .profileImageUrl as string;
    expect((await upload(b.client, 'profile', { bytes: JPEG, type: 'image/jpeg' })).statusCode).toBe(200);
    expect((await b.client.delete('/api/creator-profile/images/profile')).statusCode).toBe(200);
    expect((await a.client.get('/api/creator-profile')).json().profile.profileImageUrl).toBe(aImage);
    expect(existsSync(fileOf(aImage))).toBe(true);
  });
});

describe('DELETE /api/creator-profile/images/:kind', () => {
  it('removes the image and its file; removing again is fine', async () => {
    const { client } = await fakeCreator(t);
    await upload(client, 'cover', { bytes: PNG, type: 'image/png' });
    const url = (await upload(client, 'profile', { bytes: PNG, type: 'image/png' })).json().profile
      .profileImageUrl as string;
    const res = await client.delete('/api/creator-profile/images/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.profileImageUrl).toBeNull();
    expect(res.json().profile.coverImageUrl).not.toBeNull();
    expect(existsSync(fileOf(url))).toBe(false);
    expect((await t.client().get(url)).statusCode).toBe(404);
    expect((await client.delete('/api/creator-profile/images/profile')).statusCode).toBe(200);
  });
});

describe('GET /uploads/:file', () => {
  it('serves only names the upload makes, never other files of the data folder', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(t.app.config.dataDir, 'secret.txt'), 'secret');
    const valid = `${'a'.repeat(32)}.png`;
    writeFileSync(path.join(dir, 'notes.png'), PNG);
    for (const url of [
      `/uploads/${valid}`,
      '/uploads/notes.png',
      `/uploads/${'A'.repeat(32)}.png`,
      `/uploads/${'a'.repeat(32)}.svg`,
      `/uploads/${'a'.repeat(32)}.png.html`,
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2E%2E%2Fsecret.txt',
    ]) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });
});
