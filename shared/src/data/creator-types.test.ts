import { CREATOR_TYPES, CREATOR_TYPE_IDS, creatorTypeLabel, isCreatorType } from '@beabro/shared/data/creator-types';

describe('creator types', () => {
  it('lists the eight creator types in order with their labels', () => {
    expect(CREATOR_TYPES).toEqual([
      { id: 'creator', label: 'Content Creator' },
      { id: 'entrepreneur', label: 'Entrepreneur' },
      { id: 'artist', label: 'Artist/Creative' },
      { id: 'business', label: 'Business Owner' },
      { id: 'nonprofit', label: 'Nonprofit/Social Impact' },
      { id: 'educator', label: 'Educator/Teacher' },
      { id: 'changemaker', label: 'Changemaker/Activist' },
      { id: 'other', label: 'Other' },
    ]);
    expect(CREATOR_TYPES.map((t) => t.id)).toEqual([...CREATOR_TYPE_IDS]);
  });

  it('recognises ids and nothing else', () => {
    expect(isCreatorType('artist')).toBe(true);
    expect(isCreatorType('gaming')).toBe(false);
    expect(isCreatorType(undefined)).toBe(false);
    expect(creatorTypeLabel('nonprofit')).toBe('Nonprofit/Social Impact');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(CREATOR_TYPES)).toBe(true);
    expect(Object.isFrozen(CREATOR_TYPES[0])).toBe(true);
  });
});
