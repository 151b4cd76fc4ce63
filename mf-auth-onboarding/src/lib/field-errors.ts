/**
 * The part of a zod schema this needs. Structural, so this remote does not depend on zod itself (the
 * schemas come from @beabro/shared).
 */
export interface ValidationSchema {
  safeParse(
    values: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Field name -> message, keyed like the API's `fieldErrors` ("email", "socialLinks.youtube", "suggestedAmounts.0"). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Parses `values` with a shared schema and keeps the first message of each field, so the form shows
 * exactly the rules and messages the API enforces (one source, in `@beabro/shared/schemas`).
 */
export function fieldErrorsOf(schema: ValidationSchema, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
