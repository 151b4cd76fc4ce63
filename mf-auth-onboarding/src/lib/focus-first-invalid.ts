/**
 * Moves focus to the first field marked invalid, so keyboard and screen-reader users land on the problem.
 * Returns false when there is none.
 */
export function focusFirstInvalid(container: HTMLElement | null): boolean {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
  return Boolean(field);
}
