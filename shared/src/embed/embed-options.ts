/*
 * The embeddable support button: its options, how they are checked, how the button looks, the snippets a
 * creator pastes, and the messages between the checkout frame and the host page. One source for the
 * script served at /embed.js (plain TypeScript, no framework: nothing here may import React or zod, the
 * script must stay a few kB), the dashboard's snippet builder and live preview, and the support page in
 * its embed layout.
 */

export const EMBED_POSITIONS = ['inline', 'bottom-right', 'bottom-left'] as const;
export type EmbedPosition = (typeof EMBED_POSITIONS)[number];

export const EMBED_POSITION_LABELS: Record<EmbedPosition, string> = {
  inline: 'Inline, where the snippet is',
  'bottom-right': 'Floating, bottom right',
  'bottom-left': 'Floating, bottom left',
};

export const DEFAULT_EMBED_TEXT = 'Support me on Be a Bro';
export const DEFAULT_EMBED_COLOR = '#4f46e5';
export const EMBED_TEXT_MAX = 40;

export interface EmbedOptions {
  username: string;
  text: string;
  /** `#rrggbb`. */
  color: string;
  position: EmbedPosition;
}

/** Name of the DOM CustomEvent the script dispatches on the button after a support went through. */
export const SUPPORT_EVENT = 'beabro:support';
/** The one global the script defines. */
export const EMBED_NAMESPACE = 'BeABro';

/** Messages posted by the checkout frame to the host page (the script checks their origin and source). */
export interface EmbedSupportMessage {
  source: 'beabro';
  type: 'support';
  supportId: string;
  creatorUsername: string;
  amountCents: number;
  isRecurring: boolean;
}
export interface EmbedCloseMessage {
  source: 'beabro';
  type: 'close';
}
export type EmbedMessage = EmbedSupportMessage | EmbedCloseMessage;

/** The detail of the `beabro:support` event. */
export interface SupportEventDetail {
  username: string;
  supportId: string;
  /** Whole cents, USD. */
  amountCents: number;
  currency: 'USD';
  type: 'one-time' | 'monthly';
}

export function isEmbedMessage(data: unknown): data is EmbedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.source !== 'beabro') return false;
  if (message.type === 'close') return true;
  return (
    message.type === 'support' &&
    typeof message.supportId === 'string' &&
    typeof message.creatorUsername === 'string' &&
    typeof message.amountCents === 'number' &&
    Number.isInteger(message.amountCents) &&
    typeof message.isRecurring === 'boolean'
  );
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a checkout frame may post to: an https origin, or http on localhost/127.0.0.1 (development),
 * given exactly as an origin (no path, query or credentials). Anything else is null: the frame posts nothing.
 */
export function embedHostOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== value) return null;
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return url.origin;
  return null;
}

/** `#abc` or `#aabbcc` (any case) as `#aabbcc`; anything else null. */
export function normalizeEmbedColor(value: string | null | undefined): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((value ?? '').trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${hex.toLowerCase()}`;
}

/** The problem with a button text, or null. */
export function embedTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'Enter the text of the button.';
  if (trimmed.length > EMBED_TEXT_MAX) return `Keep the button text to ${EMBED_TEXT_MAX} characters or fewer.`;
  return null;
}

export function isEmbedPosition(value: unknown): value is EmbedPosition {
  return typeof value === 'string' && (EMBED_POSITIONS as readonly string[]).includes(value);
}

/** Black or white, whichever reads better on `color` (WCAG relative luminance). */
export function textColorOn(color: string): '#ffffff' | '#111827' {
  const hex = normalizeEmbedColor(color) ?? DEFAULT_EMBED_COLOR;
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with near-black.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0616 ? '#ffffff' : '#111827';
}

/** The button's look, as CSS properties (set through the CSSOM by the script, so a strict style-src on the host is fine). */
export function embedButtonStyle(color: string, position: EmbedPosition): Record<string, string> {
  const style: Record<string, string> = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.5em',
    boxSizing: 'border-box',
    margin: '0',
    padding: '0.75em 1.25em',
    border: '0',
    borderRadius: '999px',
    background: color,
    color: textColorOn(color),
    font: '600 16px/1.25 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    textDecoration: 'none',
    cursor: 'pointer',
    boxShadow: '0 4px 14px rgba(17, 24, 39, 0.25)',
    maxWidth: 'calc(100vw - 2rem)',
  };
  if (position !== 'inline') {
    style.position = 'fixed';
    style.bottom = '1rem';
    style[position === 'bottom-right' ? 'right' : 'left'] = '1rem';
    style.zIndex = '2147483646';
  }
  return style;
}

/** The checkout page in its embed layout; `hostOrigin` is where the frame may post its messages. */
export function embedCheckoutUrl(siteOrigin: string, username: string, hostOrigin: string): string {
  return `${siteOrigin}/${encodeURIComponent(username)}/support?embed=1&origin=${encodeURIComponent(hostOrigin)}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<script>` snippet a creator pastes into their site. */
export function embedScriptSnippet(siteOrigin: string, options: EmbedOptions): string {
  return (
    `<script src="${escapeAttribute(`${siteOrigin}/embed.js`)}" async` +
    ` data-username="${escapeAttribute(options.username)}"` +
    ` data-text="${escapeAttribute(options.text.trim())}"` +
    ` data-color="${escapeAttribute(options.color)}"` +
    ` data-position="${options.position}"></script>`
  );
}

/** The plain link, for sites that allow no scripts: the full support page in a new tab. */
export function embedLinkSnippet(siteOrigin: string, options: EmbedOptions): string {
  return `<a href="${escapeAttribute(`${siteOrigin}/${encodeURIComponent(options.username)}/support`)}" target="_blank" rel="noopener">${escapeAttribute(options.text.trim())}</a>`;
}
