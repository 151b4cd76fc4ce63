import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/temp-dir';
import {
  STORED_IMAGE_NAME,
  deleteUploadedImage,
  detectImageType,
  imageUrl,
  readImage,
  saveImage,
  uploadedImageName,
  uploadedImagePath,
} from './images-service';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP by their magic bytes', () => {
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
    expect(detectImageType(Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1'))).toBe('webp');
  });

  it('refuses everything else, including look-alikes and truncated headers', () => {
    for (const sample of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF89a'),
      Buffer.from('RIFF\x1a\x00\x00\x00WAVEfmt ', 'latin1'),
      bytes(0x89, 0x50, 0x4e, 0x47),
      bytes(0xff, 0xd8),
      bytes(),
    ]) {
      expect(detectImageType(sample)).toBeNull();
    }
  });
});

describe('stored images', () => {
  it('saves under a new random name each time and reads it back', async () => {
    const dir = path.join(makeTempDir('img'), 'uploads');
    const a = await saveImage(dir, bytes(1, 2, 3), 'png');
    const b = await saveImage(dir, bytes(1, 2, 3), 'png');
    expect(a).toMatch(STORED_IMAGE_NAME);
    expect(a).not.toBe(b);
    expect(await readImage(dir, a)).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: 'image/png' });
    expect(uploadedImageName(uploadedImagePath(a))).toBe(a);
    await deleteUploadedImage(dir, uploadedImagePath(a));
    expect(await readImage(dir, a)).toBeNull();
    expect((await readImage(dir, b))?.contentType).toBe('image/png');
  });

  it('never reads or deletes a name the upload could not have made', async () => {
    const root = makeTempDir('img');
    const dir = path.join(root, 'uploads');
    writeFileSync(path.join(root, 'keep.png'), 'keep');
    for (const stored of [
      '/uploads/../keep.png',
      '../keep.png',
      `/uploads/${'0'.repeat(32)}.png/../../keep.png`,
      'https://example.com/keep.png',
    ]) {
      await deleteUploadedImage(dir, stored);
    }
    expect(existsSync(path.join(root, 'keep.png'))).toBe(true);
    expect(await readImage(dir, '../keep.png')).toBeNull();
  });

  it('passes on only our upload paths and https URLs as image URLs', () => {
    const upload = `/uploads/${'0'.repeat(32)}.webp`;
    expect(imageUrl(upload)).toBe(upload);
    expect(imageUrl('https://images.example/x.png')).toBe('https://images.example/x.png');
    for (const bad of [
      '/uploads/../secret',
      '//evil.example/x.png',
      'http://images.example/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      `${'0'.repeat(32)}.webp`,
      '',
      null,
    ]) {
      expect(imageUrl(bad)).toBeNull();
    }
  });
});
