/**
 * Query parameters whose values are secrets (an email link's token, an OAuth code, a signature): never logged,
 * never handed to the renderer (page-rendering/page-sender.ts).
 */
export const SECRET_QUERY_PARAMS: readonly string[] = [
  'token',
  'code',
  'key',
  'secret',
  'signature',
  'sig',
  'password',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
];

export const REDACTED = '[redacted]';

const SECRET_NAMES = new Set(SECRET_QUERY_PARAMS);
// `name=value` after `?`, `&` or `;` (also JSON's escaped `\u0026`); the value ends at `&`, `#`, a quote, a
// backslash (a JSON escape) or white space.
const SECRET_VALUE = new RegExp(`([?&;]|\\\\u0026)(${SECRET_QUERY_PARAMS.join('|')})=([^&#;"'\\\\\\s]*)`, 'gi');

/** `text` (a URL, a log line, an error message) with every secret query value replaced by `[redacted]`. */
export function redactUrlSecrets(text: string): string {
  return text.replace(SECRET_VALUE, (whole, before: string, name: string, value: string) =>
    value === '' || value === REDACTED ? whole : `${before}${name}=${REDACTED}`,
  );
}

/**
 * Whether a query string (with or without its `?`) carries a value under a secret name: as a parameter (names
 * decoded), or anywhere in its text a log would redact (`?a=1?token=...`).
 */
export function hasSecretQuery(query: string): boolean {
  const text = query.startsWith('?') ? query : `?${query}`;
  if (redactUrlSecrets(text) !== text) return true;
  for (const [name, value] of new URLSearchParams(query)) {
    if (SECRET_NAMES.has(name.toLowerCase()) && value !== '') return true;
  }
  return false;
}
