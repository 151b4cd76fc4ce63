/** Field name -> message, keyed like the API's `fieldErrors` ("bio", "socialLinks.youtube", "tiers.2.name"). */
export type FieldErrors = Partial<Record<string, string>>;

/** The part of a zod schema this needs (structural, so any of the shared schemas fits). */
export interface ValidationSchema {
  safeParse(
    values: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The first message per field from a shared schema: the form and the API report the same rule in the
 * same words. An issue about the whole value (no path) is kept under "_".
 */
export function fieldErrorsOf(schema: ValidationSchema, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** Moves focus to the first field showing an error once React has rendered it (WCAG 3.3.1). */
export function focusFirstInvalid(container: HTMLElement | null): void {
  setTimeout(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
