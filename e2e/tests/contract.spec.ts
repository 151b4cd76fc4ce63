import { expect, test } from './support/test';
import { copyRemoteSource, deployRemote, readFixture, removeFolder } from './support/releases';

test.describe('shell <-> remote contract', { tag: '@server-wide' }, () => {
  test('a remote built against an incompatible contract major version shows a clear fallback, not a blank page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const version = `e2e-contract-2-${Date.now().toString(36)}`;
    const source = await copyRemoteSource('mf-help', {
      'src/exposes/help.tsx': await readFixture('incompatible-contract.tsx'),
    });
    try {
      await deployRemote('mf-help', '--version', version, '--source', source);
      await page.goto('/help');
      const fallback = page.getByRole('alert');
      await expect(fallback).toContainText('The Help centre is unavailable right now');
      await expect(fallback).toContainText('mf-help was built for contract 2.0.0, but this site speaks 1.1.0.');
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      // The area's own content never rendered, and the rest of the page did.
      await expect(page.getByText('speaks contract 2.0.0')).toHaveCount(0);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.getByRole('link', { name: 'Be a Bro home' }).click();
      await expect(page.getByRole('link', { name: 'Start Getting Supported' })).toBeVisible();
    } finally {
      await deployRemote('mf-help', '--reset');
      await removeFolder(source);
    }
  });
});
