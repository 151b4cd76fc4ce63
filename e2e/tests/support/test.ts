import { test as base, type Page } from '@playwright/test';
import { deleteAccount, signUp, type Account, type AccountOptions } from './accounts';

export * from '@playwright/test';
export { signIn, type Account } from './accounts';

/** Makes accounts for one test (see accounts.ts); every one is deleted when the test ends. */
export interface Accounts {
  create: (options?: AccountOptions) => Promise<Account>;
}

/**
 * Waits until a page of the site is interactive: the shell marks #root once it has hydrated the
 * server's HTML (or rendered the page itself), or the page has said that its code could not be fetched.
 * Anything else (a plain HTML page, JSON) at once.
 * A public page runs no code until the visitor first uses it: its loader is started here as a first use would
 * (first-use.spec.ts drives that first use itself).
 */
export async function waitUntilInteractive(page: Page) {
  await page
    .evaluate(() => (window as { __beabroFirstUse?: { start: () => void } }).__beabroFirstUse?.start())
    // A page that navigated meanwhile is waited for below all the same.
    .catch(() => undefined);
  await page.waitForFunction(
    () =>
      !document.getElementById('beabro-page-state') ||
      Boolean(document.getElementById('root')?.hasAttribute('data-interactive')) ||
      // A public page whose code could not be fetched stays as it is and says so (first-use.spec.ts).
      Boolean(document.querySelector('[data-first-use-notice]')),
  );
}

/**
 * The suite's `test`: `page.goto` and `page.reload` return once the page is interactive (pages are
 * server-rendered, so they are visible, and clickable in the test's eyes, before they hydrate). With
 * `test.use({ asVisitorFinds: true })` they return as the page arrives: a public page then runs no code until
 * the test uses it.
 *
 * Accounts of the test's own, made through the real API and deleted when it ends, so that no spec changes the
 * seeded demo accounts and the specs can run side by side (docs/testing.md, "Accounts of each test's own"):
 * `supporter` (a supporter) and `creator` (a creator with a creator page: `creator.username`), each signed in on
 * its own API client (`.request`), not on `page` (`signIn(page, creator)` does that); `accounts.create()` for
 * more, or other kinds.
 */
export const test = base.extend<{
  asVisitorFinds: boolean;
  accounts: Accounts;
  supporter: Account;
  creator: Account;
}>({
  asVisitorFinds: [false, { option: true }],
  // Their own timeouts: making and deleting accounts (password hashing) takes seconds on a busy machine, which
  // should not come out of the test's 30.
  accounts: [
    async ({ playwright, baseURL }, use) => {
      const made: Account[] = [];
      const newContext = () => playwright.request.newContext({ baseURL });
      await use({
        create: async (options) => {
          const request = await newContext();
          const account = await signUp(request, options);
          made.push(account);
          return account;
        },
      });
      for (const account of made) {
        try {
          await deleteAccount(account, newContext);
        } finally {
          await account.request.dispose();
        }
      }
    },
    { timeout: 60_000 },
  ],
  supporter: [
    async ({ accounts }, use) => {
      await use(await accounts.create({ role: 'supporter' }));
    },
    { timeout: 30_000 },
  ],
  creator: [
    async ({ accounts }, use) => {
      await use(await accounts.create({ role: 'creator' }));
    },
    { timeout: 30_000 },
  ],
  page: async ({ page, javaScriptEnabled, asVisitorFinds }, use) => {
    if (javaScriptEnabled !== false && !asVisitorFinds) {
      const goto = page.goto.bind(page);
      page.goto = async (...args: Parameters<Page['goto']>) => {
        const response = await goto(...args);
        await waitUntilInteractive(page);
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (...args: Parameters<Page['reload']>) => {
        const response = await reload(...args);
        await waitUntilInteractive(page);
        return response;
      };
    }
    await use(page);
  },
});

/** What a public page says when its code cannot be fetched on first use (api/src/modules/page-rendering/first-use-loader.ts). */
export const FIRST_USE_FAILED =
  'The interactive parts of this page could not load. Links still work; Retry tries again.';
