/**
 * Splits a built JavaScript file into "libraries" with its source map: every generated character
 * belongs to the source its mapping segment points at, and a file's gzipped size is shared out in
 * proportion to those characters. Characters with no source (the bundler's own runtime glue) are
 * "bundler runtime".
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

export interface SourceMapLike {
  sources: string[];
  mappings: string;
}

/** Decodes one segment of base64 VLQ numbers ("AAAA"). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`Invalid base64 VLQ character "${char}" in a source map`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Generated characters per source index; -1 counts characters that map to no source. */
export function charactersPerSource(code: string, map: SourceMapLike): Map<number, number> {
  const lineLengths = code.split('\n').map((line) => line.length);
  const counts = new Map<number, number>();
  const add = (source: number, chars: number) => {
    if (chars > 0) counts.set(source, (counts.get(source) ?? 0) + chars);
  };
  let sourceIndex = 0;
  const lines = map.mappings.split(';');
  for (let line = 0; line < lineLengths.length; line++) {
    const lineLength = lineLengths[line] ?? 0;
    const segments = (lines[line] ?? '').split(',').filter(Boolean);
    let column = 0;
    let covered = 0;
    let current = -1;
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      const nextColumn = column + (fields[0] ?? 0);
      add(current, Math.min(nextColumn, lineLength) - covered);
      covered = Math.min(nextColumn, lineLength);
      column = nextColumn;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        current = sourceIndex;
      } else {
        current = -1;
      }
    }
    add(current, lineLength - covered);
    // The newline itself.
    if (line < lineLengths.length - 1) add(-1, 1);
  }
  return counts;
}

export const LIBRARIES = [
  'react',
  'react-dom',
  'react-router',
  'zustand',
  'emotion',
  'tanstack-query',
  'zod',
  'module-federation',
  '@beabro/shared',
  'own code',
  'other packages',
  'bundler runtime',
] as const;
export type Library = (typeof LIBRARIES)[number];

const PACKAGE_LIBRARY: Record<string, Library> = {
  react: 'react',
  'react-dom': 'react-dom',
  scheduler: 'react-dom',
  'react-router': 'react-router',
  'react-router-dom': 'react-router',
  cookie: 'react-router',
  'set-cookie-parser': 'react-router',
  zustand: 'zustand',
  'use-sync-external-store': 'zustand',
  stylis: 'emotion',
  'hoist-non-react-statics': 'emotion',
  'react-is': 'emotion',
  '@babel/runtime': 'emotion',
  zod: 'zod',
};

/** The package a node_modules path belongs to ("@emotion/react", "react-dom"), or null. */
export function packageOf(source: string): string | null {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const parts = source.slice(at + 'node_modules/'.length).split('/');
  const first = parts[0] ?? '';
  return first.startsWith('@') ? `${first}/${parts[1] ?? ''}` : first;
}

/** Which library a source-map source belongs to. */
export function libraryOf(source: string | undefined): Library {
  if (source === undefined) return 'bundler runtime';
  // The Module Federation plugin injects its runtime set-up as a data: module.
  if (source.startsWith('data:') && source.includes('module_federation')) return 'module-federation';
  const pkg = packageOf(source);
  if (pkg) {
    if (pkg.startsWith('@module-federation/')) return 'module-federation';
    if (pkg.startsWith('@emotion/')) return 'emotion';
    if (pkg.startsWith('@tanstack/')) return 'tanstack-query';
    return PACKAGE_LIBRARY[pkg] ?? 'other packages';
  }
  if (/(^|\/)shared\/src\//.test(source)) return '@beabro/shared';
  if (source.startsWith('webpack/') || (source.startsWith('webpack://') && !/\.(tsx?|jsx?|mjs|cjs)$/.test(source)))
    return 'bundler runtime';
  return 'own code';
}

/** Share of a file's characters per library (fractions adding up to 1). */
export function libraryShares(code: string, map: SourceMapLike): Map<Library, number> {
  const perSource = charactersPerSource(code, map);
  const perLibrary = new Map<Library, number>();
  let total = 0;
  for (const [index, chars] of perSource) {
    const library = libraryOf(index < 0 ? undefined : map.sources[index]);
    perLibrary.set(library, (perLibrary.get(library) ?? 0) + chars);
    total += chars;
  }
  if (total === 0) return new Map([['bundler runtime', 1]]);
  return new Map([...perLibrary].map(([library, chars]) => [library, chars / total]));
}
