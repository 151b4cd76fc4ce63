import { useCallback, useEffect, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from '../utils/draft-storage';
import { emptyDraft, reachableStep, type OnboardingDraft, type WizardStep } from '../utils/onboarding-draft';

/** The wizard's values and current step, mirrored into session storage on every change. */
export function useOnboardingDraft(userId: string) {
  const [state, setState] = useState(() => {
    const stored = loadDraft(userId);
    if (!stored) return { step: 1 as WizardStep, draft: emptyDraft() };
    return { step: reachableStep(stored.step, stored.draft), draft: stored.draft };
  });

  useEffect(() => {
    saveDraft(userId, state.step, state.draft);
  }, [userId, state]);

  const setDraft = useCallback(
    (update: (draft: OnboardingDraft) => OnboardingDraft) =>
      setState((current) => ({ ...current, draft: update(current.draft) })),
    [],
  );
  const setStep = useCallback((step: WizardStep) => setState((current) => ({ ...current, step })), []);

  return { step: state.step, draft: state.draft, setDraft, setStep, clearDraft };
}
