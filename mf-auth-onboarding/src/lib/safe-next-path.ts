import { paths } from '@beabro/shared/contract/paths';

/**
 * Control characters, spaces and backslashes: browsers strip or rewrite some of them ("/\t/evil.example",
 * "/\\evil.example"), turning a harmless-looking path into a protocol-relative URL.
 */
function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\') return true;
  }
  return false;
}

const BASE = 'https://beabro.invalid';

/**
 * The `next` parameter, if it is a path on this site (one leading "/", nothing that a browser would
 * read as another origin). Anything else, and the auth page itself (a loop), reads as "no next".
 * The `next` value comes from the URL, so this is what stops an open redirect.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || hasUnsafeCharacter(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === paths.auth || url.pathname.startsWith(`${paths.auth}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
