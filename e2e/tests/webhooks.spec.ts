import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoAxeViolations } from './support/axe';
import { verifyWebhookSignature } from './support/journeys';
import { expect, signIn, test } from './support/test';
import { fillSandboxCard } from './support/sandbox-card';
import { csrf } from './support/csrf';

/*
 * Webhooks over the composed site: a creator adds an endpoint in Settings > Integrations pointing at a
 * receiver this spec runs on http://127.0.0.1 (the e2e server has WEBHOOKS_ALLOW_LOCAL=true), a visitor
 * supports them, and the receiver gets the signed support.created event, which it verifies exactly as
 * docs/webhooks.md tells creators to; the delivery then shows in the log.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let port = 0;
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test.describe('webhooks', () => {
  test('a creator adds an endpoint; after a checkout the receiver gets a signed support.created event, shown in the log', async ({
    page,
    browser,
    accounts,
  }) => {
    const creator = await accounts.create({
      role: 'creator',
      name: 'Wendy Webhook',
      emailPrefix: 'e2e-hooks',
      profile: { bio: 'I automate everything.' },
    });
    await signIn(page, creator);
    await page.goto('/settings?tab=integrations');
    await expect(page.getByRole('heading', { level: 2, name: 'Integrations' })).toBeVisible();

    // A private address is refused next to the field.
    const url = page.getByLabel('Endpoint URL');
    await url.fill('https://10.0.0.1/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.locator(`#${await url.getAttribute('id')}-error`)).toHaveText(
      'This URL points to a private, local or reserved address. Use a public https:// endpoint.',
    );

    const hookUrl = `http://127.0.0.1:${port}/beabro/${unique()}`;
    await url.fill(hookUrl);
    await page.getByLabel('Description (optional)').fill('My receiver');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I saved it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    const card = page.getByRole('region', { name: `Webhook endpoint ${hookUrl}` });
    await expect(card).toContainText('No deliveries yet');

    // A visitor supports the creator through the real checkout.
    const visitorContext = await browser.newContext();
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/${creator.username}/support`);
      await visitor.getByLabel('Custom Amount').fill('7');
      await visitor.getByLabel('Name (optional)').fill('Hook Fan');
      await visitor.getByLabel('Email', { exact: true }).fill(`${unique()}@example.com`);
      await fillSandboxCard(visitor, '4242 4242 4242 4242');
      await visitor.getByRole('button', { name: 'Support with $7' }).click();
      await expect(visitor.getByText('Thank you for supporting Wendy Webhook!')).toBeVisible();
    } finally {
      await visitorContext.close();
    }

    const path = new URL(hookUrl).pathname;
    const forThisEndpoint = () =>
      received.filter((r) => r.headers['beabro-event-type'] === 'support.created' && r.body.includes('Hook Fan'));
    await expect.poll(() => forThisEndpoint().length, { timeout: 20_000 }).toBe(1);
    const [event] = forThisEndpoint();
    expect(verifyWebhookSignature(secret, event?.headers['beabro-signature'], event?.body ?? '')).toBe(true);
    expect(verifyWebhookSignature('whsec_not-the-secret', event?.headers['beabro-signature'], event?.body ?? '')).toBe(
      false,
    );
    const payload = JSON.parse(event?.body ?? '{}') as {
      id: string;
      type: string;
      data: { support: { amountCents: number; currency: string; supporterName: string } };
    };
    expect(payload).toMatchObject({
      type: 'support.created',
      data: { support: { amountCents: 700, currency: 'usd', supporterName: 'Hook Fan' } },
    });
    expect(event?.headers['beabro-event-id']).toBe(payload.id);
    expect(path).toContain('/beabro/');

    // The delivery shows in the log (it refreshes itself while a delivery is under way; a reload shows it too).
    await page.reload();
    const row = page
      .getByRole('region', { name: `Webhook endpoint ${hookUrl}` })
      .getByTestId('webhook-delivery')
      .filter({ hasText: 'support.created' });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('HTTP 200');

    // "Send test event" is delivered and logged too.
    await page
      .getByRole('region', { name: `Webhook endpoint ${hookUrl}` })
      .getByRole('button', { name: 'Send test event' })
      .click();
    const testRow = page
      .getByRole('region', { name: `Webhook endpoint ${hookUrl}` })
      .getByTestId('webhook-delivery')
      .filter({ hasText: 'webhook.test' });
    await expect(testRow).toContainText('Delivered', { timeout: 20_000 });

    // The tab with its log passes axe-core (WCAG 2.1 A and AA), on a desktop and on a phone.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoAxeViolations(page, `the webhooks tab at ${width} px`, { include: 'main' });
    }

    // Leave nothing behind: delete the endpoint (and its log).
    const endpoints = (await (await page.request.get('/api/creator/webhooks/endpoints')).json()) as {
      endpoints: Array<{ id: string }>;
    };
    for (const endpoint of endpoints.endpoints)
      expect(
        (await page.request.delete(`/api/creator/webhooks/endpoints/${endpoint.id}`, { headers: csrf })).status(),
      ).toBe(204);
  });
});
