import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Waits until a page of the site is interactive: the shell marks #root once it has hydrated the
 * server's HTML (or rendered the page itself). Anything else (a plain HTML page, JSON) at once.
 * Clicking a server-rendered button before then does nothing, as it would for a person.
 */
export async function waitUntilInteractive(page: Page) {
  await page.waitForFunction(
    () =>
      !document.getElementById('beabro-page-state') ||
      Boolean(document.getElementById('root')?.hasAttribute('data-interactive')),
  );
}

/**
 * The suite's `test`: `page.goto` and `page.reload` return once the page is interactive (pages are
 * server-rendered, so they are visible, and clickable in the test's eyes, before they hydrate).
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
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
