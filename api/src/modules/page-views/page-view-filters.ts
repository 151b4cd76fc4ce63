/*
 * Which requests are not a person looking at a page. Crawlers and link-preview fetchers announce themselves
 * in the User-Agent; browsers announce speculative loads with Sec-Purpose (Chromium, Firefox) or the older
 * Purpose / X-Purpose / X-Moz headers. Counting either would inflate a creator's analytics.
 */

const BOT_USER_AGENT = /bot|crawl|spider|preview|facebookexternalhit|slurp/i;

/** A missing User-Agent is a script, not a browser (every browser sends one). */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOT_USER_AGENT.test(userAgent);
}

type HeaderValue = string | string[] | undefined;

function headerText(value: HeaderValue): string {
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
}

/** `Sec-Purpose: prefetch` (also "prefetch;prerender"), `Purpose: prefetch`, `X-Purpose: preview`, `X-Moz: prefetch`. */
export function isPrefetchRequest(headers: Record<string, HeaderValue>): boolean {
  return ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'].some((name) =>
    /prefetch|prerender|preview/.test(headerText(headers[name])),
  );
}
