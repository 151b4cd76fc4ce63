import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldErrors } from '@beabro/shared/schemas/field-errors';

/**
 * Shows the API's field messages (`ApiError.fieldErrors`, keyed "bio", "socialLinks.youtube", "tiers.2.name")
 * next to their fields in a react-hook-form form, and focuses the first of them. A message about the whole
 * request ("_") becomes the form's root error. Returns whether any message was set, so a caller can fall back
 * to a general notice when the answer named no field.
 *
 * Only react-hook-form's types are imported: every remote bundles its own copy of the library, and this module
 * (shared at run time as one instance) must not pull one in.
 */
export function setApiFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: FieldErrors,
): boolean {
  let first = true;
  let any = false;
  for (const [key, message] of Object.entries(fieldErrors)) {
    if (message === undefined) continue;
    any = true;
    if (key === '_') {
      setError('root.server' as Path<T>, { type: 'server', message });
      continue;
    }
    setError(key as Path<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return any;
}
