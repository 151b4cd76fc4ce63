import { formatPostDate, postAudienceText } from '@beabro/shared/data/post-audience';

describe('post audience words', () => {
  it('names the tier of a tier audience', () => {
    expect(postAudienceText({ audience: 'tier', minTierName: 'Mission Champion' })).toBe('Mission Champion and above');
    expect(postAudienceText({ audience: 'tier', minTierName: null })).toBe('Supporters of a tier and above');
    expect(postAudienceText({ audience: 'monthly', minTierName: null })).toBe('Monthly supporters');
  });

  it('dates a post by its UTC day', () => {
    expect(formatPostDate('2026-11-27T23:30:00.000-05:00')).toBe('Nov 28, 2026');
  });
});
