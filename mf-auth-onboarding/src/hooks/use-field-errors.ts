import { useCallback, useState } from 'react';
import { fieldErrorsOf, hasErrors, type FieldErrors, type ValidationSchema } from '../lib/field-errors';

/**
 * Error state of a small controlled form validated with a shared zod schema: a field is checked when
 * it loses focus, re-checked while it shows an error (so the message goes away as soon as it is fixed),
 * and every field is checked on submit.
 */
export function useFieldErrors(schema: ValidationSchema) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const validateField = useCallback(
    (name: string, values: unknown) => {
      const message = fieldErrorsOf(schema, values)[name];
      setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
    },
    [schema],
  );

  /** For onChange: only a field that already shows an error is re-checked while typing. */
  const revalidateField = useCallback(
    (name: string, values: unknown) => {
      setErrors((current) => {
        if (current[name] === undefined) return current;
        const message = fieldErrorsOf(schema, values)[name];
        return current[name] === message ? current : { ...current, [name]: message };
      });
    },
    [schema],
  );

  /** Checks everything; returns true when the values are valid. */
  const validateAll = useCallback(
    (values: unknown): boolean => {
      const all = fieldErrorsOf(schema, values);
      setErrors(all);
      return !hasErrors(all);
    },
    [schema],
  );

  return { errors, setErrors, validateField, revalidateField, validateAll };
}
