import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compressing costs more than it saves (the same threshold @fastify/compress is given in app.ts). */
const THRESHOLD_BYTES = 1024;

export type PageEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send a page in, from the request's Accept-Encoding: the one of brotli and gzip with the
 * higher q (brotli on a tie), else none. A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function pageEncoding(acceptEncoding: string | string[] | undefined): PageEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim().toLowerCase().replace(/\s+/g, '')).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/**
 * A page's HTML compressed for the request. Pages are sent from the not-found handler (every client route
 * is one), which @fastify/compress does not hook, so they are compressed here: a server-rendered page is
 * 30-100 kB of HTML, most of it the same markup again and again.
 */
export async function compressPage(
  html: string,
  acceptEncoding: string | string[] | undefined,
): Promise<{ body: Buffer | string; encoding: PageEncoding }> {
  const bytes = Buffer.byteLength(html);
  const encoding = bytes < THRESHOLD_BYTES ? 'identity' : pageEncoding(acceptEncoding);
  if (encoding === 'br') {
    // Quality 5: close to the best ratio for HTML at a few milliseconds per page (11, the default, takes ~50x longer).
    const body = await brotli(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    return { body, encoding };
  }
  if (encoding === 'gzip') return { body: await gzipAsync(html, { level: 6 }), encoding };
  return { body: html, encoding };
}
