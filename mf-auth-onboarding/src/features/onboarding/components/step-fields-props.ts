import type { FieldErrors } from '@beabro/shared/schemas/field-errors';
import type { OnboardingDraft } from '../utils/onboarding-draft';

/** What every wizard step gets: the draft, its messages, and how to change or leave a field (named like the schema paths). */
export interface StepFieldsProps {
  draft: OnboardingDraft;
  errors: FieldErrors;
  onFieldChange: (field: string, value: string) => void;
  onFieldBlur: (field: string) => void;
}
