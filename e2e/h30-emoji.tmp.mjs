import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:4400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [1280, 375]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const fontRequests = [];
  page.on('request', (r) => { if (r.url().includes('/fonts/')) fontRequests.push(r.url()); });
  page.on('console', (m) => { if (m.type() === 'error') console.log(`[${width}] console:`, m.text()); });
  await page.goto(`${BASE}/pixelpat`);
  await page.getByText('Support the Mission').first().waitFor();
  await page.waitForTimeout(800);
  console.log(`[${width}] font requests with the system emoji font present:`, fontRequests.length);
  // The site's font alone, as on a system without a colour-emoji font.
  const loaded = await page.evaluate(async () => {
    const faces = await document.fonts.load('28px "Be a Bro Tier Emoji"', '\u{1F3C6}');
    return faces.map((f) => `${f.family} ${f.status}`);
  });
  console.log(`[${width}] web font:`, loaded, 'requests now', fontRequests.length);
  const tiers = page.getByRole('region', { name: /Support Options|support options/i });
  await page.getByText('Support the Mission').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/h30-shots/profile-tiers-${width}.png`, fullPage: false });
  await page.addStyleTag({ content: `[aria-hidden="true"] { font-family: "Be a Bro Tier Emoji", monospace !important; }` });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/h30-shots/profile-tiers-webfont-${width}.png`, fullPage: false });
  await page.goto(`${BASE}/pixelpat/support`);
  await page.getByText('Support the Mission').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/h30-shots/support-${width}.png`, fullPage: false });
  const cls = await page.evaluate(() => new Promise((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value; }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 500);
  }));
  console.log(`[${width}] CLS on /pixelpat/support:`, cls);
  await context.close();
}
await browser.close();
