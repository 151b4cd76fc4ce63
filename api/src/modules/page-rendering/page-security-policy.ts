import type { RemoteMap } from '@beabro/shared/contract/remote-contract';
import { isReservedUsername } from '@beabro/shared/data/reserved-usernames';
import { EMBED_FRAME_ANCESTORS } from '../../lib/embed-frame-ancestors';

/** The origins of remotes deployed elsewhere (absolute URLs in the live map); this site's own are 'self'. */
export function remoteOrigins(remoteMap: RemoteMap): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(remoteMap)) {
    if (!/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // A malformed entry loads nothing: nothing to allow.
    }
  }
  return [...origins].sort();
}

const NO_FRAME_ANCESTORS = "frame-ancestors 'none'";

/** Whether a page request is the embeddable checkout: `/{username}/support` with `embed=1`. */
export function isEmbeddableCheckout(pathname: string, search: URLSearchParams): boolean {
  const username = /^\/([a-z0-9_]{3,30})\/support\/?$/.exec(pathname)?.[1];
  return username !== undefined && !isReservedUsername(username) && search.get('embed') === '1';
}

const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
const STRIPE_API_ORIGIN = 'https://api.stripe.com';
const STRIPE_HOOKS_ORIGIN = 'https://hooks.stripe.com';

/**
 * Content-Security-Policy of the site's pages (server-rendered or not). Scripts only from this site and
 * from the origins the live remote map loads remotes from (the page has no inline script: its state is a
 * JSON data block, which is not executed); the federation runtime fetches manifests from the same origins.
 * Styles may be inline: emotion writes them next to the server-rendered markup and inserts them at run time.
 */
export function pageSecurityPolicy(
  remoteMap: RemoteMap,
  { embeddable = false, stripe = false }: { embeddable?: boolean; stripe?: boolean } = {},
): string {
  const remotes = remoteOrigins(remoteMap);
  const withRemotes = (...sources: string[]) => [...sources, ...remotes].join(' ');
  // With PAYMENT_PROVIDER=stripe only: Stripe.js, its API and its frames (the Payment Element, 3-D Secure), as
  // Stripe documents them; otherwise none of Stripe's origins is allowed.
  const stripeSources = (...sources: string[]) => (stripe ? sources : []);
  return [
    "default-src 'self'",
    `script-src ${withRemotes("'self'", ...stripeSources(STRIPE_JS_ORIGIN))}`,
    `connect-src ${withRemotes("'self'", ...stripeSources(STRIPE_API_ORIGIN))}`,
    ...(stripe ? [`frame-src 'self' ${STRIPE_JS_ORIGIN} ${STRIPE_HOOKS_ORIGIN}`] : []),
    "style-src 'self' 'unsafe-inline'",
    // Creators' images may be hosted elsewhere (https only); the UI kit uses data: URLs for small icons; an image
    // chosen for upload shows at once from a blob: URL of the browser's own memory (Settings' image preview).
    "img-src 'self' data: blob: https:",
    `font-src ${withRemotes("'self'", 'data:')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    embeddable ? EMBED_FRAME_ANCESTORS : NO_FRAME_ANCESTORS,
  ].join('; ');
}
