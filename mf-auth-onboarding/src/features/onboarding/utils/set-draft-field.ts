import { isSocialPlatform } from '@beabro/shared/data/social-platforms';
import type { OnboardingDraft } from './onboarding-draft';

/** A copy of `draft` with one field changed; `field` is named like the schema's error paths ("socialLinks.github", "suggestedAmounts.2"); a switch takes "true" or "false". */
export function setDraftField(draft: OnboardingDraft, field: string, value: string): OnboardingDraft {
  const [root, key] = field.split('.');
  if (root === 'socialLinks' && isSocialPlatform(key))
    return { ...draft, socialLinks: { ...draft.socialLinks, [key]: value } };
  if (root === 'suggestedAmounts') {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index > 3) return draft;
    const amounts: OnboardingDraft['suggestedAmounts'] = [...draft.suggestedAmounts];
    amounts[index] = value;
    return { ...draft, suggestedAmounts: amounts };
  }
  switch (root) {
    case 'displayName':
    case 'username':
    case 'bio':
    case 'creatorType':
    case 'minimumAmount':
    case 'goalTitle':
    case 'goalAmount':
    case 'country':
      return { ...draft, [root]: value };
    case 'showEarnings':
      return { ...draft, showEarnings: value === 'true' };
    default:
      return draft;
  }
}
