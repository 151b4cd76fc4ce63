import { deflateSync } from 'node:zlib';

/*
 * The preview image for creators without a profile or cover image: the site's hero gradient at the size
 * link previews expect (1200 x 630). Crawlers do not render SVG, so it is a PNG, encoded here once
 * (a few kB: every row is a smooth ramp, which PNG's "Sub" filter turns into near-constant bytes).
 */

export const PREVIEW_IMAGE_WIDTH = 1200;
export const PREVIEW_IMAGE_HEIGHT = 630;

type Rgb = readonly [number, number, number];
// theme.gradient.hero: #4f46e5 0%, #7c3aed 55%, #db2777 100%
const STOPS: ReadonlyArray<readonly [number, Rgb]> = [
  [0, [0x4f, 0x46, 0xe5]],
  [0.55, [0x7c, 0x3a, 0xed]],
  [1, [0xdb, 0x27, 0x77]],
];

function colourAt(t: number): Rgb {
  for (let i = 1; i < STOPS.length; i++) {
    const [end, to] = STOPS[i]!;
    const [start, from] = STOPS[i - 1]!;
    if (t <= end) {
      const f = (t - start) / (end - start);
      return [0, 1, 2].map((c) => Math.round(from[c]! + (to[c]! - from[c]!) * f)) as unknown as Rgb;
    }
  }
  return STOPS[STOPS.length - 1]![1];
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export function renderDefaultPreviewImage(width = PREVIEW_IMAGE_WIDTH, height = PREVIEW_IMAGE_HEIGHT): Buffer {
  const rowLength = 1 + width * 3;
  const raw = Buffer.alloc(rowLength * height);
  const diagonal = width + height;
  for (let y = 0; y < height; y++) {
    const row = y * rowLength;
    raw[row] = 1; // filter "Sub": each byte is stored as the difference to the pixel on its left
    let previous: Rgb = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      // 135deg, like the CSS gradient: top-left to bottom-right.
      const colour = colourAt((x + y) / diagonal);
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = (colour[c]! - previous[c]! + 256) & 0xff;
      previous = colour;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let cached: Buffer | null = null;

/** Encoded on first use and kept: it never changes. */
export function defaultPreviewImage(): Buffer {
  cached ??= renderDefaultPreviewImage();
  return cached;
}
