import { describe, expect, it } from 'vitest';
import { creatorPalette, initialsOf } from '@beabro/shared/ui/creator-avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Pixel Pat')).toBe('PP');
    expect(initialsOf('maya okafor studio')).toBe('MO');
    expect(initialsOf('  Cher  ')).toBe('C');
  });

  it('falls back to the username, then to "?"', () => {
    expect(initialsOf('', 'greenstreets')).toBe('G');
    expect(initialsOf('   ')).toBe('?');
  });

  it('keeps emoji and accented letters whole', () => {
    expect(initialsOf('Émile 🎨Studio')).toBe('É🎨');
  });
});

describe('creatorPalette', () => {
  it('gives a username the same colours every time', () => {
    expect(creatorPalette('pixelpat')).toEqual(creatorPalette('pixelpat'));
    expect(creatorPalette('pixelpat')).toHaveLength(3);
  });
});
