import { useCallback, useEffect, useRef, useState } from 'react';
import { fieldErrorsOf, hasErrors, type FieldErrors, type ValidationSchema } from '@beabro/shared/schemas/field-errors';

/**
 * Error state of a small controlled form validated with a shared zod schema: a field is checked when
 * it loses focus, re-checked while it shows an error (so the message goes away as soon as it is fixed),
 * and every field is checked on submit.
 *
 * A field that loses focus because the user is pressing on something (the submit button, a link)
 * shows its message only once that press has become a click: a message appearing between press and
 * release would push the button away from under the pointer and the click would be lost.
 */
export function useFieldErrors(schema: ValidationSchema) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const pressing = useRef(false);
  const afterPress = useRef<Array<() => void>>([]);

  useEffect(() => {
    const press = () => {
      pressing.current = true;
    };
    const release = () => {
      pressing.current = false;
      // The click this press makes is dispatched right after the release; run what waited after it.
      setTimeout(() => {
        const waiting = afterPress.current;
        afterPress.current = [];
        for (const run of waiting) run();
      }, 0);
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);

  const validateField = useCallback(
    (name: string, values: unknown) => {
      const run = () => {
        const message = fieldErrorsOf(schema, values)[name];
        setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
      };
      if (pressing.current) afterPress.current.push(run);
      else run();
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
