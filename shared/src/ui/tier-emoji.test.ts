import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SUPPORT_TIERS } from '@beabro/shared/data/support-tiers';
import { TIER_EMOJI_FONT_FAMILY, tierEmojiStyle } from '@beabro/shared/ui/tier-emoji';

const BUILD = path.resolve(import.meta.dirname, '../../build');
const config = readFileSync(path.join(BUILD, 'create-rspack-config.mjs'), 'utf8');

describe('the tier emoji font (issue 30, item 16)', () => {
  it('covers exactly the default tier emoji, by unicode-range, so it loads only for them', () => {
    const range = /unicode-range:([^;]+);/.exec(config)?.[1] ?? '';
    const listed = range.split(',').map((part) => Number.parseInt(part.replace('U+', ''), 16));
    const defaults = SUPPORT_TIERS.map((tier) => tier.emoji.codePointAt(0));
    expect(new Set(listed)).toEqual(new Set(defaults));
    expect(config).toContain('font-display:swap');
  });

  it('ships a small WOFF2 file (a subset, not the whole emoji font), with its licence beside it', () => {
    const font = readFileSync(path.join(BUILD, 'fonts', 'tier-emoji.woff2'));
    expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(font.length).toBeLessThan(16 * 1024);
    expect(readFileSync(path.join(BUILD, 'fonts', 'LICENSE-tier-emoji.txt'), 'utf8')).toContain(
      'SIL Open Font License',
    );
  });

  it('tries the systems’ colour-emoji fonts first and the site’s font after them, in a box that cannot shift', () => {
    const families = TIER_EMOJI_FONT_FAMILY.split(',').map((family) => family.trim());
    expect(families.indexOf("'Be a Bro Tier Emoji'")).toBeGreaterThan(families.indexOf("'Noto Color Emoji'"));
    expect(config).toContain('font-family:"Be a Bro Tier Emoji"');
    expect(tierEmojiStyle).toMatchObject({ width: '1.25em', height: '1.25em', display: 'inline-block' });
  });
});
