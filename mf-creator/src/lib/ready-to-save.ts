import type { SaveState } from '../components/save-status';
import { MESSAGES } from './error-message';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';

/**
 * Shows `found` next to the fields. When there is any, the save bar says what to do and focus moves to
 * the first field in error; returns whether the form may be sent.
 */
export function readyToSave(
  found: FieldErrors,
  {
    setErrors,
    setState,
    form,
  }: { setErrors: (errors: FieldErrors) => void; setState: (state: SaveState) => void; form: HTMLElement | null },
): boolean {
  setErrors(found);
  if (!hasErrors(found)) return true;
  setState({ kind: 'failed', message: MESSAGES.fixFields });
  focusFirstInvalid(form);
  return false;
}
