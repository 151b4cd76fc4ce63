import { parseStoredDraft, type OnboardingDraft, type WizardStep } from './onboarding-draft';

/** Session storage: the draft survives a reload or a detour to sign in, and is gone with the tab. */
export const DRAFT_STORAGE_KEY = 'beabro:onboarding-draft';

interface StoredDraft {
  version: 1;
  /** Whose draft it is: another account signing in on the same tab does not inherit it. */
  userId: string;
  step: WizardStep;
  draft: OnboardingDraft;
}

export function loadDraft(userId: string): { step: WizardStep; draft: OnboardingDraft } | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (stored?.version !== 1 || stored.userId !== userId) return null;
    const step: WizardStep = stored.step === 2 || stored.step === 3 ? stored.step : 1;
    return { step, draft: parseStoredDraft(stored.draft) };
  } catch {
    // Storage disabled or unreadable: start afresh rather than fail.
    return null;
  }
}

export function saveDraft(userId: string, step: WizardStep, draft: OnboardingDraft): void {
  try {
    const stored: StoredDraft = { version: 1, userId, step, draft };
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Full or disabled storage only costs the reload convenience.
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
