import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { usePressDeferral } from './use-press-deferral';

export interface SchemaFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** What the schema checks, from the fields: with values that are not fields (the chosen role, the link's token). */
  toInput?: (values: T) => unknown;
}

export interface SchemaFieldOptions<T extends FieldValues> {
  /** Fields re-checked with this one while they show a message ("Passwords do not match" follows the password). */
  alsoRecheck?: readonly Path<T>[];
  /** Called after each change (the page keeps what was typed across modes). */
  onChange?: () => void;
}

export type SchemaFieldProps<T extends FieldValues> = UseFormRegisterReturn<Path<T>> & { error: string | undefined };

/**
 * A react-hook-form form checked by one of the shared zod schemas, with the site's timing: a field is checked
 * when it loses focus (after a press under way, see usePressDeferral), re-checked while typing only while it
 * shows a message (so the message goes as soon as it is fixed), and every field is checked on submit, which
 * focuses the first one with a message. `field(name)` gives the props of a TextField.
 */
export function useSchemaForm<T extends FieldValues, Output>(
  schema: { _zod: { output: Output } },
  { defaultValues, toInput }: SchemaFormOptions<T>,
) {
  const base = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, Output>;
  const resolver: Resolver<T, unknown, Output> = (values, resolverContext, options) =>
    base(
      (toInput ? toInput(values) : values) as FieldValues,
      resolverContext,
      options as unknown as Parameters<typeof base>[2],
    ) as unknown as ReturnType<Resolver<T, unknown, Output>>;
  const form = useForm<T, unknown, Output>({
    defaultValues,
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: true,
  });
  const defer = usePressDeferral();
  const { register, trigger, getFieldState, formState } = form;

  /** The message a field shows (read while rendering, so the form re-renders when it changes). */
  const errorOf = (name: Path<T>): string | undefined =>
    (get(formState.errors, name) as FieldError | undefined)?.message;

  function field(name: Path<T>, { alsoRecheck = [], onChange }: SchemaFieldOptions<T> = {}): SchemaFieldProps<T> {
    const registered = register(name, {
      onChange: () => {
        const showing = [name, ...alsoRecheck].filter((each) => getFieldState(each).error);
        if (showing.length > 0) void trigger(showing);
        onChange?.();
      },
    });
    return {
      ...registered,
      onBlur: (event) => {
        defer(() => void registered.onBlur(event));
        return Promise.resolve();
      },
      error: errorOf(name),
    };
  }

  return { ...form, field, errorOf };
}
