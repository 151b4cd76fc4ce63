import type { FieldErrors as FormErrors, FieldValues, Resolver } from 'react-hook-form';
import { hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';

/**
 * A react-hook-form resolver for a form whose text is turned into the request (numbers, optional parts) before
 * the shared schema checks it: `check` does both and reports the schema's messages by the request's field names
 * ("title", "tiers.2.name"), which are the form's. The submit handler gets the values as typed.
 */
export function fieldErrorsResolver<V extends FieldValues>(check: (values: V) => FieldErrors): Resolver<V> {
  return (values) => {
    const found = check(values);
    if (!hasErrors(found)) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [key, message] of Object.entries(found)) {
      if (message === undefined) continue;
      const path = key.split('.');
      const last = path.pop() ?? key;
      let node = errors;
      for (const part of path) node = (node[part] ??= {}) as Record<string, unknown>;
      node[last] = { type: 'validate', message };
    }
    return { values: {}, errors: errors as FormErrors<V> };
  };
}
