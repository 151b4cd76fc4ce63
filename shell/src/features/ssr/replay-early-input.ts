import { useEffect } from 'react';

/*
 * A visitor can type into a server-rendered form before the page has hydrated. React 19 keeps what was
 * typed on the screen but never hears about it, and the first re-render after hydration puts the
 * server's value back: the form's state (the amount on "Support with $…", a search) would silently drop
 * it. So what the visitor does before hydration is recorded, and replayed as their own input right after.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isControl(target: EventTarget | null): target is Control {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

function isCheckable(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
}

/** What the server rendered in a control (React keeps these in step with a controlled value). */
function renderedValue(control: Control): string {
  if (control instanceof HTMLSelectElement) {
    return [...control.options].find((option) => option.defaultSelected)?.value ?? control.options[0]?.value ?? '';
  }
  return control.defaultValue;
}

type Entry = { kind: 'value'; value: string } | { kind: 'checked'; checked: boolean };

function read(control: Control): Entry {
  return isCheckable(control) ? { kind: 'checked', checked: control.checked } : { kind: 'value', value: control.value };
}

function differsFromRendered(control: Control, entry: Entry): boolean {
  if (entry.kind === 'checked') return isCheckable(control) && entry.checked !== control.defaultChecked;
  return entry.value !== renderedValue(control);
}

/** Sets a control's value the way the browser does for typing (past React's own value tracking). */
function setNativeValue(control: Control, value: string) {
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
}

/** Replays one control's recorded input as the visitor's own, so React's onChange sees it. */
function replay(control: Control, entry: Entry) {
  if (!control.isConnected || control.disabled || !differsFromRendered(control, entry)) return false;
  if (entry.kind === 'checked') {
    if (!isCheckable(control)) return false;
    // What React rendered, then the visitor's click again.
    control.checked = control.defaultChecked;
    control.click();
    return true;
  }
  // React's tracked value becomes what it rendered, the screen what was typed: the event then reads as a
  // change, exactly as if the visitor typed it now.
  control.value = renderedValue(control);
  setNativeValue(control, entry.value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  return true;
}

export interface EarlyInput {
  /**
   * Stops recording, gives each control the last value the visitor gave it, as their own input (a key typed after
   * hydration, which React heard, is not undone), then clicks again the buttons they clicked before the application
   * ran; returns how many controls and clicks.
   */
  replay: () => number;
}

/** Clicks a button again as the visitor did, if it is still on the page and can be used. */
function replayClick(root: HTMLElement, element: Element): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected || !root.contains(element)) return false;
  if (element instanceof HTMLButtonElement && element.disabled) return false;
  if (element.getAttribute('aria-disabled') === 'true') return false;
  element.click();
  return true;
}

/**
 * Starts recording, before `hydrateRoot`, what the visitor does to the form controls under `root`: what
 * they changed before the scripts ran, and every input until `replay()`. `clicks` are buttons the visitor
 * clicked before the application ran (kept by a public page's first-use loader): clicked again, in order,
 * after the typed values are replayed.
 */
export function recordEarlyInput(root: HTMLElement, clicks: Element[] = []): EarlyInput {
  const recorded = new Map<Control, Entry>();
  for (const control of root.querySelectorAll<Control>('input, textarea, select')) {
    const entry = read(control);
    if (differsFromRendered(control, entry)) recorded.set(control, entry);
  }
  const listener = (event: Event) => {
    if (isControl(event.target) && root.contains(event.target)) recorded.set(event.target, read(event.target));
  };
  root.addEventListener('input', listener, true);
  root.addEventListener('change', listener, true);
  return {
    replay: () => {
      root.removeEventListener('input', listener, true);
      root.removeEventListener('change', listener, true);
      let count = 0;
      for (const [control, entry] of recorded) if (replay(control, entry)) count += 1;
      recorded.clear();
      for (const element of clicks.splice(0)) if (replayClick(root, element)) count += 1;
      return count;
    },
  };
}

/**
 * Replays `earlyInput` once the page has hydrated, then calls `onReplayed` (the page is interactive). It waits a task
 * past the first commit: an area hydrates in a commit of its own, after the shell's, and input replayed into it before
 * then is lost. Input in that gap is recorded too, so the replay ends on the visitor's last value, never an older one.
 */
export function useEarlyInputReplay(earlyInput: EarlyInput | undefined, onReplayed?: () => void) {
  useEffect(() => {
    const timer = setTimeout(() => {
      earlyInput?.replay();
      onReplayed?.();
    }, 0);
    return () => clearTimeout(timer);
  }, [earlyInput, onReplayed]);
}
