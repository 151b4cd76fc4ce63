import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The demo creator seeded on the first start of an empty embedded database. */
export const DEMO_CREATOR = { username: 'pixelpat', email: 'pixelpat@demo.beabro.app', password: 'demo-password-123' };

export interface BenchPage {
  /** Stable key for results.json. */
  key: string;
  path: string;
  /** The page counts as rendered once the area's `#main h1` matches (data loaded, not a loading or error state). */
  ready: RegExp;
  signedIn: boolean;
}

export function benchPages(creatorDisplayName: string): BenchPage[] {
  const name = creatorDisplayName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [
    { key: 'home', path: '/', ready: /\S/, signedIn: false },
    { key: 'profile', path: `/${DEMO_CREATOR.username}`, ready: new RegExp(`^${name}$`), signedIn: false },
    {
      key: 'support',
      path: `/${DEMO_CREATOR.username}/support`,
      ready: new RegExp(`^Support ${name}$`),
      signedIn: false,
    },
    { key: 'dashboard', path: '/dashboard', ready: /^Welcome back, /, signedIn: true },
    { key: 'help', path: '/help', ready: /\S/, signedIn: false },
  ];
}

/** The demo creator's display name, read from the public API (the page-ready checks wait for it). */
export async function creatorDisplayName(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/creators/${DEMO_CREATOR.username}`);
  if (!response.ok)
    throw new Error(`GET /api/creators/${DEMO_CREATOR.username} answered ${response.status}: is the demo data seeded?`);
  const body = (await response.json()) as { displayName?: unknown };
  if (typeof body.displayName !== 'string') throw new Error('The creator profile has no displayName');
  return body.displayName;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs the demo creator in once; new contexts start from the returned cookies. */
export async function signInCreator(browser: Browser, baseUrl: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const response = await context.request.post(`${baseUrl}/api/auth/sign-in`, {
      headers: { 'X-Requested-With': 'beabro' },
      data: { email: DEMO_CREATOR.email, password: DEMO_CREATOR.password },
    });
    if (!response.ok())
      throw new Error(`Sign-in as ${DEMO_CREATOR.email} answered ${response.status()}: ${await response.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Installed before any page script: records `performance.now()` (milliseconds since navigation
 * start) the first time the area's `#main h1` matches, without polling from outside the page.
 */
export function readyProbeScript(ready: RegExp): string {
  return `(() => {
  const pattern = new RegExp(${JSON.stringify(ready.source)});
  const check = () => {
    if (window.__benchReady !== undefined) return;
    const heading = document.querySelector('#main h1');
    if (heading && pattern.test((heading.textContent || '').trim())) {
      window.__benchReady = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}

/** Waits for the probe and returns milliseconds from navigation start to the rendered area. */
export async function readyTime(page: Page, timeoutMs = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __benchReady?: number }).__benchReady,
    undefined,
    {
      timeout: timeoutMs,
      polling: 250,
    },
  );
  return (await handle.jsonValue()) as number;
}
