/*
 * /embed.js: the support button creators put on their own websites. Plain DOM, no framework, one global
 * (window.BeABro). Each <script src=".../embed.js" data-username=...> renders a button (inline after the
 * tag, or floating); a click opens the creator's checkout (this site's /{username}/support?embed=1) in an
 * accessible overlay. Styles are set through the CSSOM (element.style), which a strict style-src allows;
 * the host adds only this site to script-src and frame-src.
 */
import {
  DEFAULT_EMBED_COLOR,
  DEFAULT_EMBED_TEXT,
  EMBED_NAMESPACE,
  SUPPORT_EVENT,
  embedButtonStyle,
  embedCheckoutUrl,
  embedTextProblem,
  isEmbedMessage,
  isEmbedPosition,
  normalizeEmbedColor,
  type EmbedOptions,
  type SupportEventDetail,
} from '@beabro/shared/embed/embed-options';

const USERNAME = /^[a-z0-9_]{3,30}$/;

interface OpenOverlay {
  button: HTMLButtonElement;
  root: HTMLElement;
  iframe: HTMLIFrameElement;
  siteOrigin: string;
  options: EmbedOptions;
  restoreOverflow: string;
}

interface Namespace {
  version: 1;
  /** Closes the checkout overlay if one is open. */
  close: () => void;
}

type Styles = Record<string, string>;

function applyStyle(element: HTMLElement, style: Styles) {
  for (const [property, value] of Object.entries(style))
    element.style.setProperty(
      property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
      value,
    );
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Styles,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  applyStyle(element, style);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** Reads a script tag's data- attributes; bad values fall back to the defaults (with a console warning), a bad username renders nothing. */
export function readEmbedOptions(script: HTMLScriptElement): EmbedOptions | null {
  const data = script.dataset;
  const username = (data.username ?? '').trim().toLowerCase();
  if (!USERNAME.test(username)) {
    console.error(`Be a Bro: data-username="${data.username ?? ''}" is not a creator's username; no button is shown.`);
    return null;
  }
  const warn = (name: string, value: string, fallback: string) =>
    console.warn(`Be a Bro: ${name}="${value}" is not valid; using "${fallback}".`);
  let text = DEFAULT_EMBED_TEXT;
  if (data.text !== undefined) {
    if (embedTextProblem(data.text)) warn('data-text', data.text, text);
    else text = data.text.trim();
  }
  let color = DEFAULT_EMBED_COLOR;
  if (data.color !== undefined) {
    const normalized = normalizeEmbedColor(data.color);
    if (normalized) color = normalized;
    else warn('data-color', data.color, color);
  }
  let position: EmbedOptions['position'] = 'inline';
  if (data.position !== undefined) {
    if (isEmbedPosition(data.position)) position = data.position;
    else warn('data-position', data.position, position);
  }
  return { username, text, color, position };
}

let current: OpenOverlay | null = null;

function close() {
  const overlay = current;
  if (!overlay) return;
  current = null;
  document.removeEventListener('keydown', onKeydown, true);
  overlay.root.remove();
  document.documentElement.style.overflow = overlay.restoreOverflow;
  overlay.button.setAttribute('aria-expanded', 'false');
  overlay.button.focus();
}

function onKeydown(event: KeyboardEvent) {
  if (event.key === 'Escape' && current) {
    event.preventDefault();
    close();
  }
}

function onMessage(event: MessageEvent) {
  const overlay = current;
  // Only the checkout frame this script opened, served by this site, is listened to.
  if (!overlay || event.origin !== overlay.siteOrigin || event.source !== overlay.iframe.contentWindow) return;
  if (!isEmbedMessage(event.data)) return;
  if (event.data.type === 'close') {
    close();
    return;
  }
  const detail: SupportEventDetail = {
    username: event.data.creatorUsername,
    supportId: event.data.supportId,
    amountCents: event.data.amountCents,
    currency: 'USD',
    type: event.data.isRecurring ? 'monthly' : 'one-time',
  };
  overlay.button.dispatchEvent(new CustomEvent(SUPPORT_EVENT, { bubbles: true, composed: true, detail }));
}

function open(button: HTMLButtonElement, options: EmbedOptions, siteOrigin: string) {
  close();
  const label = `Support @${options.username} on Be a Bro`;
  // Phones: the whole screen; larger screens: a panel with the page showing around it.
  const roomy = typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 640px)').matches;
  const root = el('div', {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'rgba(17, 24, 39, 0.6)',
  });
  const dialog = el(
    'div',
    {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      width: roomy ? 'min(44rem, calc(100vw - 2rem))' : '100vw',
      height: roomy ? 'min(52rem, calc(100vh - 2rem))' : '100%',
      background: '#ffffff',
      borderRadius: roomy ? '12px' : '0',
      overflow: 'hidden',
      boxShadow: '0 20px 50px rgba(17, 24, 39, 0.4)',
    },
    { role: 'dialog', 'aria-modal': 'true', 'aria-label': label },
  );
  const bar = el('div', {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '0.5rem',
    padding: '0.5rem 0.5rem 0.5rem 1rem',
    borderBottom: '1px solid #e5e7eb',
    font: '600 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    color: '#111827',
  });
  // At 375 px the title shrinks (with an ellipsis) and Close keeps one line: a flex item only shrinks
  // below its text with min-width 0.
  const title = el('span', {
    flex: '1 1 auto',
    minWidth: '0',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  });
  title.textContent = label;
  const closeButton = el(
    'button',
    {
      padding: '0.375rem 0.75rem',
      border: '1px solid #d1d5db',
      borderRadius: '8px',
      background: '#ffffff',
      color: '#111827',
      font: 'inherit',
      cursor: 'pointer',
      flexShrink: '0',
      whiteSpace: 'nowrap',
    },
    { type: 'button', 'aria-label': 'Close' },
  );
  closeButton.textContent = 'Close ✕';
  closeButton.addEventListener('click', close);
  bar.append(title, closeButton);
  const iframe = el(
    'iframe',
    { flex: '1', width: '100%', border: '0', background: '#ffffff' },
    {
      title: `Checkout: support @${options.username}`,
      src: embedCheckoutUrl(siteOrigin, options.username, window.location.origin),
    },
  );
  // Focus stays in the dialog: tabbing past either end wraps to the other (the frame's own fields sit in between).
  const sentinel = (onFocus: () => void) => {
    const guard = el(
      'span',
      { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' },
      { tabindex: '0', 'aria-hidden': 'true' },
    );
    guard.addEventListener('focus', onFocus);
    return guard;
  };
  dialog.append(
    sentinel(() => iframe.focus()),
    bar,
    iframe,
    sentinel(() => closeButton.focus()),
  );
  root.append(dialog);
  root.addEventListener('click', (event) => {
    if (event.target === root) close();
  });

  const restoreOverflow = document.documentElement.style.overflow;
  document.documentElement.style.overflow = 'hidden';
  document.body.append(root);
  current = { button, root, iframe, siteOrigin, options, restoreOverflow };
  document.addEventListener('keydown', onKeydown, true);
  button.setAttribute('aria-expanded', 'true');
  closeButton.focus();
}

/** Renders the button of one script tag. */
export function mountEmbed(script: HTMLScriptElement): HTMLButtonElement | null {
  const options = readEmbedOptions(script);
  if (!options) return null;
  const siteOrigin = new URL(script.src, window.location.href).origin;
  const button = el('button', embedButtonStyle(options.color, options.position), {
    type: 'button',
    'aria-haspopup': 'dialog',
    'aria-expanded': 'false',
    'data-beabro-button': options.username,
  });
  button.textContent = options.text;
  button.addEventListener('click', () => open(button, options, siteOrigin));
  const place = () => {
    // Inline: right after the tag, unless the tag sits in <head>.
    if (options.position === 'inline' && script.parentNode && script.parentNode !== document.head) script.after(button);
    else document.body.append(button);
  };
  if (document.body) place();
  else document.addEventListener('DOMContentLoaded', place, { once: true });
  return button;
}

/** Runs once per page whatever the number of tags: the message listener and the namespace. */
export function installEmbed(): Namespace {
  const global = window as unknown as Record<string, Namespace | undefined>;
  const existing = global[EMBED_NAMESPACE];
  if (existing) return existing;
  window.addEventListener('message', onMessage);
  const namespace: Namespace = { version: 1, close };
  global[EMBED_NAMESPACE] = namespace;
  return namespace;
}
