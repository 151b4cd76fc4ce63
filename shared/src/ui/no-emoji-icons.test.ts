import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Guards issue 17: emoji used as UI icons show as empty boxes on systems without a colour-emoji font and
 * never match the SVG line icons. Every area's UI code must use @beabro/shared/ui/icon instead. Content is
 * not a UI icon and is not scanned: what creators write (tier emoji, messages), the content data in
 * shared/src/data, tests and test fixtures.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const AREAS = [
  'shell/src',
  'mf-marketing/src',
  'mf-creator/src',
  'mf-public-profile/src',
  'mf-supporter/src',
  'mf-help/src',
  'mf-operator/src',
  'shared/src/ui',
];
/** A colour emoji: a code point drawn as emoji by default, or a pictograph asked to be (U+FE0F). */
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;
const SKIPPED = /(\.test\.tsx?|\.spec\.tsx?)$|[\\/](testing|__fixtures__)[\\/]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(tsx?|mts)$/.test(entry.name) && !SKIPPED.test(full) ? [full] : [];
  });
}

export function emojiLines(source: string): { line: number; text: string }[] {
  return source
    .split('\n')
    .flatMap((text, index) => (EMOJI.test(text) ? [{ line: index + 1, text: text.trim() }] : []));
}

describe('no emoji as UI icons', () => {
  it('recognises colour emoji and leaves typographic symbols alone', () => {
    expect(emojiLines("icon: '💰'")).toHaveLength(1);
    expect(emojiLines("icon: '⚙️'")).toHaveLength(1);
    expect(emojiLines('<span aria-hidden="true">🆓</span>')).toHaveLength(1);
    expect(emojiLines('Back <span aria-hidden="true">←</span> © 2026 – “quoted” ✓')).toHaveLength(0);
  });

  it.each(AREAS)('%s has none', (area) => {
    const files = sourceFiles(path.join(ROOT, area));
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((file) =>
      emojiLines(readFileSync(file, 'utf8')).map(({ line, text }) => `${path.relative(ROOT, file)}:${line}: ${text}`),
    );
    expect(found, 'Use an icon from @beabro/shared/ui/icon instead of an emoji').toEqual([]);
  });
});
