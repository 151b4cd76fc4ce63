import { readFile } from 'node:fs/promises';
import { expect, signIn, test } from './support/test';

test('Share Profile opens a menu of places to share and a QR code that downloads as SVG', async ({
  page,
  baseURL,
  creator,
}) => {
  await signIn(page, creator);
  await page.goto('/dashboard');
  const share = page.getByRole('region', { name: 'Share Your Page' });
  const trigger = share.getByRole('button', { name: 'Share Profile' });
  await trigger.click();
  const menu = page.getByRole('menu', { name: 'Share your page' });
  await expect(menu).toBeVisible();
  const profileUrl = `${baseURL}/${creator.username}`;
  await expect(menu.getByRole('menuitem', { name: 'X' })).toHaveAttribute(
    'href',
    new RegExp(`url=${encodeURIComponent(profileUrl).replace(/[.]/g, '\\.')}$`),
  );
  await expect(menu.getByRole('menuitem', { name: 'WhatsApp' })).toHaveAttribute('rel', 'noopener noreferrer');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await menu.getByRole('menuitem', { name: 'QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR code of your page' });
  await expect(dialog.getByRole('img', { name: `QR code of ${profileUrl}` })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download SVG (for print)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`beabro-${creator.username}-qr.svg`);
  const svg = await readFile(await download.path(), 'utf8');
  expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg).toMatch(/<path [^>]*d="M[^"]+"/);
  expect(svg.trimEnd()).toMatch(/<\/svg>$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});
