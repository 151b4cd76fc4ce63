/*
 * Generated looks for creators who have not uploaded images: each username always gets the same
 * colours, so a profile looks designed rather than empty. Every colour keeps white initials readable
 * (contrast of at least 3:1 for the large bold text they are drawn in).
 */

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#4f46e5', '#7c3aed', '#db2777'],
  ['#0f766e', '#1d4ed8', '#4f46e5'],
  ['#7c3aed', '#be185d', '#c2410c'],
  ['#1d4ed8', '#4f46e5', '#7c3aed'],
  ['#be185d', '#7c3aed', '#4338ca'],
  ['#b45309', '#be185d', '#7c3aed'],
];

/** A small stable hash (FNV-1a) of the username. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function creatorPalette(username: string): readonly [string, string, string] {
  return PALETTES[hash(username) % PALETTES.length] ?? PALETTES[0]!;
}

/** Up to two letters: the first letters of the first two words of the name, else of the username. */
export function initialsOf(displayName: string, username = ''): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  const initials = letters.join('').toUpperCase();
  return initials || (Array.from(username)[0] ?? '?').toUpperCase();
}
