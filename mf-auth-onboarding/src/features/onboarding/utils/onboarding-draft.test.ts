import { clearDraft, DRAFT_STORAGE_KEY, loadDraft, saveDraft } from './draft-storage';
import { emptyDraft, parseStoredDraft, reachableStep, stepOfField } from './onboarding-draft';
import { setDraftField } from './set-draft-field';

const basics = { displayName: 'Maya', username: 'maya', bio: 'Murals', creatorType: 'artist' };

afterEach(() => window.sessionStorage.clear());

describe('onboarding draft', () => {
  it('starts with the defaults: minimum 3, suggested 5, 15, 25, 50, nothing else filled in', () => {
    const draft = emptyDraft();
    expect(draft.minimumAmount).toBe('3');
    expect(draft.suggestedAmounts).toEqual(['5', '15', '25', '50']);
    expect(Object.keys(draft.socialLinks)).toHaveLength(11);
    expect([
      draft.displayName,
      draft.username,
      draft.bio,
      draft.creatorType,
      draft.goalTitle,
      draft.goalAmount,
    ]).toEqual(['', '', '', '', '', '']);
  });

  it('maps every field, including server paths, to the step that shows it', () => {
    expect(['displayName', 'username', 'bio', 'creatorType'].map(stepOfField)).toEqual([1, 1, 1, 1]);
    expect(stepOfField('socialLinks.github')).toBe(2);
    expect(['minimumAmount', 'suggestedAmounts.2', 'goalAmount', 'goalTitle'].map(stepOfField)).toEqual([3, 3, 3, 3]);
  });

  it('changes one field by its path and leaves the rest', () => {
    const draft = emptyDraft();
    expect(setDraftField(draft, 'socialLinks.github', 'maya').socialLinks.github).toBe('maya');
    expect(setDraftField(draft, 'suggestedAmounts.3', '75').suggestedAmounts).toEqual(['5', '15', '25', '75']);
    expect(setDraftField(draft, 'bio', 'Hi').bio).toBe('Hi');
    expect(setDraftField(draft, 'socialLinks.myspace', 'x')).toBe(draft);
    expect(setDraftField(draft, 'suggestedAmounts.4', '1')).toBe(draft);
    expect(draft.bio).toBe('');
  });

  it('never opens past a step that is still invalid', () => {
    expect(reachableStep(3, { ...emptyDraft(), ...basics })).toBe(3);
    expect(reachableStep(3, emptyDraft())).toBe(1);
    expect(
      reachableStep(3, { ...emptyDraft(), ...basics, socialLinks: { ...emptyDraft().socialLinks, github: '-bad-' } }),
    ).toBe(2);
  });

  it('reads back a stored draft defensively', () => {
    const parsed = parseStoredDraft({
      displayName: 'Maya',
      bio: 42,
      suggestedAmounts: ['1', 2, '3', '4'],
      socialLinks: { github: 'maya', evil: 'x' },
    });
    expect(parsed.displayName).toBe('Maya');
    expect(parsed.bio).toBe('');
    expect(parsed.suggestedAmounts).toEqual(['5', '15', '25', '50']);
    expect(parsed.socialLinks.github).toBe('maya');
    expect(parsed.socialLinks).not.toHaveProperty('evil');
    expect(parseStoredDraft(null)).toEqual(emptyDraft());
  });

  it('is stored per user in session storage, and cleared', () => {
    saveDraft('user-1', 2, { ...emptyDraft(), ...basics });
    expect(loadDraft('user-1')).toEqual({ step: 2, draft: { ...emptyDraft(), ...basics } });
    expect(loadDraft('user-2')).toBeNull();
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft('user-1')).toBeNull();
    saveDraft('user-1', 1, emptyDraft());
    clearDraft();
    expect(window.sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });
});
