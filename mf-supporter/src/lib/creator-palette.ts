/*
 * Generated looks for creators without uploaded images, so a grid of new creators looks designed
 * rather than empty. A username always gets the same colours. Every gradient keeps white initials
 * readable (at least 3:1 for the large bold letters drawn on it).
 */

const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#4f46e5', '#9333ea'],
  ['#0f766e', '#2563eb'],
  ['#be185d', '#7c3aed'],
  ['#c2410c', '#be123c'],
  ['#1d4ed8', '#0e7490'],
  ['#6d28d9', '#c026d3'],
  ['#15803d', '#0f766e'],
];

/** A small, stable string hash (djb2), enough to spread usernames over the palettes. */
function hashOf(text: string): number {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) >>> 0;
  return hash;
}

export function creatorGradient(username: string): readonly [string, string] {
  return PALETTES[hashOf(username) % PALETTES.length] ?? ['#4f46e5', '#9333ea'];
}

/** Up to two letters: the first letters of the first two words of the name, else of the username. */
export function creatorInitials(displayName: string, username: string): string {
  const letters = displayName
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '');
  return (letters.join('') || Array.from(username)[0] || '?').toUpperCase();
}
