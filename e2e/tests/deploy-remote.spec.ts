import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { copyRemoteSource, deployRemote, removeFolder, replaceInFile } from './support/releases';

/** Which release of mf-help the page loaded its files from. */
function helpFilesLoaded(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/mf-help/')) seen.push(pathname);
  });
  return seen;
}

/** The shell's own script tags: the page itself also names the live remote map, which a deploy changes. */
function shellScripts(html: string): string[] {
  return html.match(/<script defer src="[^"]+"><\/script>/g) ?? [];
}

/** The server-rendered HTML of a page as a visitor (no JavaScript involved) gets it. */
async function serverHtml(page: Page, url: string): Promise<string> {
  return (await (await page.request.get(url)).text()).replace(/<!-- -->/g, '');
}

async function startedAt(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/health')).json()) as { startedAt: string }).startedAt;
}

test.describe('deploying one remote alone', { tag: '@server-wide' }, () => {
  test('a team changes the help centre and deploys only it; the live site serves it at once, and the same command rolls it back', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const run = Date.now().toString(36);
    const [v1, v2] = [`e2e-${run}-1`, `e2e-${run}-2`];
    const source = await copyRemoteSource('mf-help');
    const shellPage = await (await page.request.get('/')).text();
    const serverStart = await startedAt(page);

    try {
      // Release 1: the help centre as it is today.
      await deployRemote('mf-help', '--version', v1, '--source', source);
      let files = helpFilesLoaded(page);
      await page.goto('/help');
      await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
      expect(files.some((f) => f.startsWith(`/releases/mf-help/${v1}/`))).toBe(true);
      expect(files.some((f) => f.startsWith('/remotes/mf-help/'))).toBe(false);

      // The team changes its area and deploys release 2: no shell build, no server restart.
      await replaceInFile(
        path.join(source, 'src/features/help/components/help-hero.tsx'),
        'How can we help?',
        'How can we help you today?',
      );
      await deployRemote('mf-help', '--version', v2, '--source', source);
      page.removeAllListeners('request');
      files = helpFilesLoaded(page);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'How can we help you today?' })).toBeVisible();
      expect(files.some((f) => f.startsWith(`/releases/mf-help/${v2}/`))).toBe(true);
      expect(files.some((f) => f.startsWith(`/releases/mf-help/${v1}/`))).toBe(false);

      // The rest of the site is untouched: the same shell build, same server process, other areas from their own builds.
      expect(shellScripts(await (await page.request.get('/')).text())).toEqual(shellScripts(shellPage));
      expect(await startedAt(page)).toBe(serverStart);
      const map = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
      expect(map['mf-help']).toBe(`/releases/mf-help/${v2}/mf-manifest.json`);
      expect(map['mf-marketing']).toBe('/remotes/mf-marketing/mf-manifest.json');
      await page.getByRole('link', { name: 'Be a Bro home' }).click();
      await expect(page.getByRole('link', { name: 'Start Getting Supported' })).toBeVisible();

      // Rollback: the same command with the old version, and nothing is rebuilt.
      const output = await deployRemote('mf-help', '--version', v1);
      expect(output).toContain(`mf-help ${v1} is live again`);
      expect(output).not.toContain('Building');
      await page.goto('/help');
      await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
      expect(await startedAt(page)).toBe(serverStart);

      const listing = await deployRemote('mf-help', '--list');
      expect(listing).toContain(`* ${v1}`);
      expect(listing).toContain(`  ${v2}`);
    } finally {
      await deployRemote('mf-help', '--reset');
      await removeFolder(source);
    }
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
  });
});

test.describe('deploying a remote that renders on the server', { tag: '@server-wide' }, () => {
  test('a changed creator page is server-rendered from the new release at once, hydrates, and a rollback restores it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const run = Date.now().toString(36);
    const [v1, v2] = [`e2e-${run}-p1`, `e2e-${run}-p2`];
    const source = await copyRemoteSource('mf-public-profile');
    const serverStart = await startedAt(page);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    try {
      await deployRemote('mf-public-profile', '--version', v1, '--source', source);
      expect(await serverHtml(page, '/pixelpat')).toContain('>Recent Support<');

      await replaceInFile(
        path.join(source, 'src/features/profile/components/recent-support.tsx'),
        'title="Recent Support"',
        'title="Latest bros"',
      );
      await deployRemote('mf-public-profile', '--version', v2, '--source', source);
      // The very next request is rendered by release 2's server bundle: no restart, no shell build.
      const html = await serverHtml(page, '/pixelpat');
      expect(html).toContain('>Latest bros<');
      expect(html).toContain(`/releases/mf-public-profile/${v2}/mf-manifest.json`);
      // The browser hydrates it with release 2's browser bundle (a mismatch would log an error).
      await page.goto('/pixelpat');
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
      );
      await expect(page.getByRole('region', { name: 'Latest bros' })).toBeVisible();
      const tier = page.getByRole('link', { name: /^Fuel the Journey/ });
      await tier.click();
      await expect(tier).toHaveAttribute('aria-current', 'true');

      await deployRemote('mf-public-profile', '--version', v1);
      expect(await serverHtml(page, '/pixelpat')).toContain('>Recent Support<');
      await page.goto('/pixelpat');
      await expect(page.getByRole('region', { name: 'Recent Support' })).toBeVisible();
      expect(await startedAt(page)).toBe(serverStart);
      expect(problems).toEqual([]);
    } finally {
      await deployRemote('mf-public-profile', '--reset');
      await removeFolder(source);
    }
  });
});
