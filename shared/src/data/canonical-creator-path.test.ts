import { describe, expect, it } from 'vitest';
import { canonicalCreatorPath } from '@beabro/shared/data/canonical-creator-path';

describe('canonicalCreatorPath', () => {
  it('lower-cases a creator page path written with capitals', () => {
    expect(canonicalCreatorPath('/PixelPat')).toBe('/pixelpat');
    expect(canonicalCreatorPath('/PixelPat/')).toBe('/pixelpat');
    expect(canonicalCreatorPath('/Maya_Makes/support')).toBe('/maya_makes/support');
  });

  it('leaves lower-case paths, other pages and non-usernames alone', () => {
    expect(canonicalCreatorPath('/pixelpat')).toBeNull();
    expect(canonicalCreatorPath('/pixelpat/support')).toBeNull();
    expect(canonicalCreatorPath('/Help')).toBeNull();
    expect(canonicalCreatorPath('/Dashboard')).toBeNull();
    expect(canonicalCreatorPath('/PixelPat/Other')).toBeNull();
    expect(canonicalCreatorPath('/Pixel-Pat')).toBeNull();
    expect(canonicalCreatorPath('/%2F%2Fevil.example')).toBeNull();
    expect(canonicalCreatorPath('/')).toBeNull();
  });
});
