import { useCallback, useState } from 'react';
import { usePressDeferral } from './use-press-deferral';
import { fieldErrorsOf, hasErrors, type FieldErrors, type ValidationSchema } from '@beabro/shared/schemas/field-errors';

/**
 * Error state of a small controlled form validated with a shared zod schema: a field is checked when
 * it loses focus, re-checked while it shows an error (so the message goes away as soon as it is fixed),
 * and every field is checked on submit.
 * A field that loses focus during a press shows its message after the click (see usePressDeferral).
 */
export function useFieldErrors(schema: ValidationSchema) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const defer = usePressDeferral();

  const validateField = useCallback(
    (name: string, values: unknown) => {
      const run = () => {
        const message = fieldErrorsOf(schema, values)[name];
        setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
      };
      defer(run);
    },
    [defer, schema],
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
