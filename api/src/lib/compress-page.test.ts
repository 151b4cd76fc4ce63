import { describe, expect, it } from 'vitest';
import { pageEncoding } from './compress-page';

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, from what the browser accepts', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding(['gzip', 'br'])).toBe('br');
    expect(pageEncoding('GZIP')).toBe('gzip');
  });

  it('sends nothing compressed without an accepted coding', () => {
    expect(pageEncoding(undefined)).toBe('identity');
    expect(pageEncoding('')).toBe('identity');
    expect(pageEncoding('identity')).toBe('identity');
    expect(pageEncoding('deflate')).toBe('identity');
  });

  it('respects q=0 and the wildcard', () => {
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('br;q=oops, gzip;q=0.5')).toBe('gzip');
  });

  it("follows the browser's preference between brotli and gzip, and reads spaces around the parts", () => {
    expect(pageEncoding('br;q=0.1, gzip')).toBe('gzip');
    expect(pageEncoding('gzip;q=0.5, br;q=0.5')).toBe('br');
    expect(pageEncoding('gzip ;q=0.5')).toBe('gzip');
    expect(pageEncoding(' br ; q=0 , gzip')).toBe('gzip');
  });
});
