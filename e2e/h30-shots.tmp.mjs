import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:4400';
const csrf = { 'X-Requested-With': 'beabro' };
const out = (n) => `/tmp/h30-shots/${n}.png`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const which = process.argv[2] ?? 'all';

async function ctx(width) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 } });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log(`[${width}] console:`, m.text()); });
  return { context, page };
}
async function signIn(page, email) {
  const r = await page.request.post(`${BASE}/api/auth/sign-in`, { headers: csrf, data: { email, password: 'demo-password-123' } });
  if (!r.ok()) throw new Error(`sign-in ${r.status()} ${await r.text()}`);
}

for (const width of [1280, 375]) {
  if (which === 'all' || which === 'supporter') {
    const { context, page } = await ctx(width);
    await signIn(page, 'bro@demo.beabro.app');
    await page.goto(`${BASE}/settings`);
    await page.getByLabel('Display Name').waitFor();
    await page.screenshot({ path: out(`supporter-profile-${width}`), fullPage: true });
    await page.getByLabel('Display Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Name is required').first().waitFor();
    await page.screenshot({ path: out(`supporter-profile-error-${width}`), fullPage: true });
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByText(/As a supporter you get/).waitFor();
    await page.screenshot({ path: out(`supporter-notifications-${width}`), fullPage: true });
    await context.close();
  }
  if (which === 'all' || which === 'creator') {
    const { context, page } = await ctx(width);
    await signIn(page, 'pixelpat@demo.beabro.app');
    if (width === 1280) {
      const dash = await (await page.request.get(`${BASE}/api/creator/dashboard`)).json();
      const s = dash.recentSupports.find((x) => x.refundableCents > 300 && x.refundedCents === 0);
      if (s) {
        const r = await page.request.post(`${BASE}/api/creator/supports/${s.id}/refunds`, {
          headers: { ...csrf, 'Idempotency-Key': `h30-shot-${s.id}` },
          data: { amountCents: 300, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
        });
        console.log('refund', r.status(), (await r.text()).slice(0, 200));
      }
    }
    await page.goto(`${BASE}/dashboard`);
    await page.getByText('Recent Support').first().waitFor();
    await page.getByText(/after the refund|costs you/).first().waitFor({ timeout: 5000 }).catch(() => {});
    await page.getByText(/Paid /).first().scrollIntoViewIfNeeded().catch(() => {});
    await page.screenshot({ path: out(`dashboard-${width}`), fullPage: true });
    await page.goto(`${BASE}/settings`);
    await page.getByLabel('Username').waitFor();
    await page.getByText(/Links to your old address/).screenshot({ path: out(`username-hint-${width}`) });
    // Upload preview, the upload held back so the preview shows.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route('**/api/creator-profile/images/profile', async (route) => { await held; await route.continue(); });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel(/Upload profile image|Change profile image/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const img = page.getByRole('img', { name: 'New profile image (uploading)' });
    await img.waitFor();
    await page.waitForFunction(() => { const i = document.querySelector('img[alt="New profile image (uploading)"]'); return i && i.complete; });
    console.log(`[${width}] preview loaded, naturalWidth =`, await img.evaluate((i) => i.naturalWidth));
    await page.getByRole('group', { name: 'Profile image' }).screenshot({ path: out(`upload-preview-${width}`) });
    release();
    await context.close();
  }
}
await browser.close();
