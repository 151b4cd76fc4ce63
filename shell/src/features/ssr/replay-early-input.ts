/*
 * A visitor can type into a server-rendered form before the page has hydrated. React 19 keeps what was
 * typed on the screen but never hears about it, so the form's state (the amount on "Support with $…",
 * a discover filter) would silently disagree with what the visitor sees. Right after hydration, each
 * control whose value differs from what the server rendered is replayed as the visitor's own input.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isCheckable(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
}

function renderedSelectValue(select: HTMLSelectElement): string {
  return [...select.options].find((option) => option.defaultSelected)?.value ?? select.options[0]?.value ?? '';
}

/** What the server rendered in a control, against what it holds now. */
function changedBeforeHydration(control: Control): boolean {
  if (isCheckable(control)) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLSelectElement) return control.value !== renderedSelectValue(control);
  return control.value !== control.defaultValue;
}

/** Sets a control's value the way the browser does for typing (past React's own value tracking). */
function setNativeValue(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
}

/** Replays every control under `root` the visitor changed before hydration; returns how many. */
export function replayEarlyInput(root: ParentNode): number {
  // What the visitor left in each control is read first: replaying one re-renders the form.
  const changed = [...root.querySelectorAll<Control>('input, textarea, select')]
    .filter((control) => !control.disabled && changedBeforeHydration(control))
    .map((control) => ({ control, typed: control.value }));
  for (const { control, typed } of changed) {
    if (isCheckable(control)) {
      // Back to what React rendered, then the visitor's click again.
      control.checked = control.defaultChecked;
      control.click();
      continue;
    }
    // React's tracked value becomes what it rendered, the screen keeps what was typed: the event then
    // reads as a change, exactly as if the visitor typed it now.
    control.value = control instanceof HTMLSelectElement ? renderedSelectValue(control) : control.defaultValue;
    setNativeValue(control, typed);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
  return changed.length;
}
