import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { REPO_ROOT } from './releases';

/*
 * The site with PAYMENT_PROVIDER=stripe pointed at the Stripe stand-in (docs/stripe-stand-in.md), for the specs that
 * take a payment through the Stripe adapter. Both processes are started by the spec itself (a free port each, a fresh
 * data folder) and stopped by it, so the other specs' runs do not pay for them.
 *
 * Stripe.js cannot load here (js.stripe.com is not reachable), so `fakeStripeJs` serves in its place a small script
 * with just what the support page's Stripe client calls, talking to the stand-in as Stripe.js talks to Stripe.
 */

const WEBHOOK_SECRET = 'whsec_e2e_platform';
const CONNECT_WEBHOOK_SECRET = 'whsec_e2e_connect';

export interface StripeSite {
  /** The site's origin (http://127.0.0.1:<port>). */
  origin: string;
  /** The stand-in's origin: what `https://api.stripe.com` stands for. */
  standInUrl: string;
  publishableKey: string;
  /** The platform's secret key at the stand-in: what an operator's own calls to Stripe use. */
  secretKey: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the child answers at `url` (or exits: then it throws). No deadline of its own: a busy machine may take
 * minutes to compile and start a server, and the calling hook's timeout bounds the wait.
 */
async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited before it answered`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts the stand-in, then the built site on it with the e2e servers' settings; both on free ports. */
export async function startStripeSite(): Promise<StripeSite> {
  const [sitePort, standInPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${sitePort}`;
  const standInUrl = `http://127.0.0.1:${standInPort}`;
  const secretKey = `sk_test_e2e${process.pid}`;
  const publishableKey = `pk_test_e2e${process.pid}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beabro-e2e-stripe-'));
  const apiDir = path.join(REPO_ROOT, 'api');
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const standIn = spawn(process.execPath, ['--import', 'tsx', 'src/testing/stripe-stand-in/stand-in-command.ts'], {
      cwd: apiDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        STRIPE_STAND_IN_PORT: String(standInPort),
        STRIPE_STAND_IN_SECRET_KEY: secretKey,
        STRIPE_STAND_IN_PUBLISHABLE_KEY: publishableKey,
        STRIPE_STAND_IN_WEBHOOK_URL: `${origin}/api/webhooks/stripe`,
        STRIPE_STAND_IN_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_STAND_IN_CONNECT_WEBHOOK_URL: `${origin}/api/webhooks/stripe-connect`,
        STRIPE_STAND_IN_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
      },
    });
    children.push(standIn);
    // Any answer (401 without a key) means it listens.
    await waitFor(`${standInUrl}/v1/customers`, standIn, 'the Stripe stand-in');
    const site = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(sitePort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SUPPORT_EMAIL: 'help@beabro.test',
        DEV_TOOLS: 'true',
        SIGN_UP_LIMIT_PER_IP: '200',
        // As in playwright.config.ts: every spec declines from 127.0.0.1 with the same test cards.
        FRAUD_DECLINE_LIMIT: '2000',
        FRAUD_DECLINE_LIMIT_PER_CREATOR: '2000',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_PUBLISHABLE_KEY: publishableKey,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
        STRIPE_API_BASE: standInUrl,
      },
    });
    children.push(site);
    await waitFor(`${origin}/api/health`, site, 'the site with PAYMENT_PROVIDER=stripe');
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, standInUrl, publishableKey, secretKey, stop };
}

/**
 * Stripe.js's place on this machine: a script with `Stripe(publishableKey)`, `elements({ clientSecret })`,
 * `create('payment')` (a card number field mounted in the page's container), and `confirmPayment` that, as Stripe.js
 * does, turns the card into a payment method with the publishable key (Stripe's test tokens: the card number never
 * reaches anything but "Stripe") and confirms the intent with its client secret, answering `{ paymentIntent }` or
 * `{ error }`; a bank's 3-D Secure challenge (there and in `handleNextAction`) is approved, as the supporter would in
 * Stripe's window. Requests go to https://api.stripe.com (the only Stripe API origin the page's CSP allows) with the key
 * in the form body as Stripe.js sends it; `routeStripeApi` hands them to the stand-in.
 */
const FAKE_STRIPE_JS = `(() => {
  const TOKENS = {
    '4242424242424242': 'tok_visa',
    '4000000000000002': 'tok_chargeDeclined',
    '4000002760003184': 'tok_authenticationRequired',
  };
  window.Stripe = (key) => {
    const call = async (path, params) => {
      const res = await fetch('https://api.stripe.com/v1' + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...params, key }),
      });
      return res.json();
    };
    const get = async (path, params) => {
      const res = await fetch('https://api.stripe.com/v1' + path + '?' + new URLSearchParams({ ...params, key }));
      return res.json();
    };
    // The bank's challenge, which Stripe.js shows in its own window: this bank approves (the stand-in's 3-D Secure
    // page), and the intent is read back as Stripe.js does before it resolves.
    const challenge = async (intentId, clientSecret) => {
      const answer = new URLSearchParams({ client_secret: clientSecret, outcome: 'approve' });
      await fetch('https://api.stripe.com/stand-in/authenticate/' + intentId + '?' + answer, { redirect: 'manual' });
      return get('/payment_intents/' + intentId, { client_secret: clientSecret });
    };
    return {
      async handleNextAction({ clientSecret }) {
        const intent = await challenge(clientSecret.split('_secret_')[0], clientSecret);
        return intent.error ? { error: intent.error } : { paymentIntent: intent };
      },
      elements({ clientSecret }) {
        let input = null;
        return {
          clientSecret,
          cardNumber: () => (input ? input.value.replace(/\\s+/g, '') : ''),
          create(type) {
            if (type !== 'payment') throw new Error('Only the Payment Element is faked');
            let box = null;
            return {
              mount(target) {
                box = document.createElement('div');
                box.setAttribute('data-fake-stripe', 'payment-element');
                const label = document.createElement('label');
                label.textContent = 'Card number';
                input = document.createElement('input');
                input.inputMode = 'numeric';
                input.autocomplete = 'cc-number';
                label.append(input);
                box.append(label);
                target.append(box);
              },
              destroy() {
                box?.remove();
                input = null;
              },
            };
          },
        };
      },
      async confirmPayment({ elements, redirect, confirmParams }) {
        if (redirect !== 'if_required') throw new Error('Only redirect: if_required is faked');
        const number = elements.cardNumber();
        if (!number) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        const token = TOKENS[number];
        if (!token) return { error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
        const method = await call('/payment_methods', { type: 'card', 'card[token]': token });
        if (method.error) return { error: method.error };
        const intentId = elements.clientSecret.split('_secret_')[0];
        const intent = await call('/payment_intents/' + intentId + '/confirm', {
          payment_method: method.id,
          client_secret: elements.clientSecret,
          return_url: confirmParams.return_url,
        });
        if (intent.error) return { error: intent.error };
        if (intent.status === 'requires_action') return { paymentIntent: await challenge(intentId, elements.clientSecret) };
        return { paymentIntent: intent };
      },
    };
  };
})();`;

/** Serves the fake Stripe.js for https://js.stripe.com and hands https://api.stripe.com's requests to the stand-in. */
export async function fakeStripeJs(context: BrowserContext, site: StripeSite): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    // Stripe.js sends the publishable key in the form (in the query of a GET); the stand-in reads it from the header as
    // the SDK sends it. Its 3-D Secure page is reached the same way, as the bank's window would be.
    const post = request.method() === 'POST';
    const form = new URLSearchParams(post ? (request.postData() ?? '') : url.search);
    const key = form.get('key') ?? '';
    form.delete('key');
    const response = await route.fetch({
      url: `${site.standInUrl}${url.pathname}${post ? url.search : `?${form.toString()}`}`,
      method: request.method(),
      maxRedirects: 0,
      headers: post
        ? { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${key}` }
        : { authorization: `Bearer ${key}` },
      ...(post ? { postData: form.toString() } : {}),
    });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'access-control-allow-origin': '*' },
    });
  });
}
