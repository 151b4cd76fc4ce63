import fastifyMultipart from '@fastify/multipart';
import { count, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import { rateLimits, users } from '../db/schema';
import { fakeCreator } from '../modules/creator-profile/fake-creator';
import { createTestApp, type TestApp } from '../testing/test-app';
import { INVALID_INPUT_MESSAGE } from '../lib/messages';
import { registerErrorHandler } from './error-handler';
import { hasInvalidText, INVALID_TEXT_MESSAGE, registerTextInputGuard } from './text-input-guard';

const NUL = '\u0000';
const HIGH = '\uD83D';
const LOW = '\uDE00';
const refused = (fieldErrors: Record<string, string>) => ({ message: INVALID_INPUT_MESSAGE, fieldErrors });

describe('hasInvalidText', () => {
  it('finds NUL and unpaired surrogates, and accepts everything else', () => {
    for (const bad of [NUL, `a${NUL}b`, HIGH, `x${HIGH}`, `${HIGH}x`, LOW, `x${LOW}y`, `${LOW}${HIGH}`, `😀${HIGH}`])
      expect(hasInvalidText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'plain', `${HIGH}${LOW}`, '👩🏽‍💻 🇺🇸', 'tab\tnew\nline', '\u0001\u001f', 'ÿ€\uFFFD'])
      expect(hasInvalidText(good), JSON.stringify(good)).toBe(false);
  });
});

describe('registerTextInputGuard on a small app', () => {
  let app: FastifyInstance;
  const handled = vi.fn();
  beforeAll(async () => {
    const typed = Fastify().withTypeProvider<ZodTypeProvider>();
    typed.setValidatorCompiler(validatorCompiler);
    typed.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(typed);
    registerTextInputGuard(typed);
    typed.post(
      '/echo/:id',
      { schema: { params: z.object({ id: z.string() }), body: z.unknown() } },
      async (request) => {
        handled();
        return { body: request.body };
      },
    );
    typed.get(
      '/api/search',
      { schema: { querystring: z.object({ q: z.string().default(''), tag: z.array(z.string()).optional() }) } },
      async (request) => {
        handled();
        return request.query;
      },
    );
    // A page, as the site's catch-all serves them.
    typed.get('/*', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
    await typed.register(async (uploads) => {
      await uploads.register(fastifyMultipart);
      uploads.post('/upload', async (request) => {
        const file = await request.file();
        return { bytes: (await file?.toBuffer())?.length ?? 0 };
      });
    });
    app = typed;
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses a NUL or lone surrogate at any depth of the body, naming each field like validation errors do', async () => {
    handled.mockClear();
    const res = await app.inject({
      method: 'POST',
      url: '/echo/1',
      payload: {
        name: `Maya${NUL}`,
        ok: 'fine',
        tiers: [{ perks: ['fine', `half ${HIGH} emoji`] }, { nested: { deeper: [LOW] } }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refused({
        name: INVALID_TEXT_MESSAGE,
        'tiers.0.perks.1': INVALID_TEXT_MESSAGE,
        'tiers.1.nested.deeper.0': INVALID_TEXT_MESSAGE,
      }),
    );
    expect(handled).not.toHaveBeenCalled();
  });

  it('refuses bad keys, bad route params, bad query strings and bad plain-text bodies', async () => {
    handled.mockClear();
    const key = await app.inject({ method: 'POST', url: '/echo/1', payload: { [`a${NUL}`]: 'x' } });
    expect(key.json()).toEqual(refused({ 'a\uFFFD': INVALID_TEXT_MESSAGE }));
    const param = await app.inject({ method: 'POST', url: '/echo/1%00', payload: {} });
    expect(param.json()).toEqual(refused({ id: INVALID_TEXT_MESSAGE }));
    const query = await app.inject({ method: 'GET', url: '/api/search?q=%00&tag=ok&tag=a%00' });
    expect(query.json()).toEqual(refused({ q: INVALID_TEXT_MESSAGE, 'tag.1': INVALID_TEXT_MESSAGE }));
    const text = await app.inject({
      method: 'POST',
      url: '/echo/1',
      payload: `hi${NUL}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.json()).toEqual(refused({ _: INVALID_TEXT_MESSAGE }));
    for (const res of [key, param, query, text]) expect(res.statusCode).toBe(400);
    expect(handled).not.toHaveBeenCalled();
  });

  it('answers a page address with a NUL in its query with an HTML page, not JSON', async () => {
    const page = await app.inject({ method: 'GET', url: '/pixelpat?ref=%00' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('This address cannot be opened');
    expect(page.body).toContain('<a href="/">go to the home page</a>');
  });

  it('lets valid text through untouched, emoji and control characters other than NUL included', async () => {
    const payload = { name: '👩🏽‍💻 Maya', note: 'line\nbreak\ttab', list: [1, true, null, { a: '🇺🇸' }] };
    const res = await app.inject({ method: 'POST', url: '/echo/%F0%9F%98%80', payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: payload });
    expect((await app.inject({ method: 'GET', url: '/api/search?q=caf%C3%A9' })).json()).toEqual({ q: 'café' });
  });

  it('walks a deeply nested body without overflowing the stack', async () => {
    const depth = 20_000;
    const payload = `${'['.repeat(depth)}"${'\\u0000'}"${']'.repeat(depth)}`;
    const res = await app.inject({
      method: 'POST',
      url: '/echo/1',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual([Array<string>(depth).fill('0').join('.')]);
  });

  it('leaves multipart uploads alone (file bytes may hold anything)', async () => {
    const boundary = '----guardTestBoundary';
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00, 0x0d, 0xd8, 0x00, 0xed, 0xa0, 0x80]);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bytes: bytes.length });
  });
});

describe('the real app with the guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('POST /api/auth/sign-up with a NUL in the name: 400 on the name, and no account or counter written', async () => {
    const email = `nul.${process.pid}@example.com`;
    const res = await t.client().post('/api/auth/sign-up', {
      name: `Maya${NUL}`,
      email,
      password: 'a good password',
      confirmPassword: 'a good password',
      role: 'creator',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ name: INVALID_TEXT_MESSAGE }));
    const db = t.database.db;
    expect((await db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]?.n).toBe(0);
    expect(
      (
        await db
          .select({ n: count() })
          .from(rateLimits)
          .where(eq(rateLimits.key, `sign-up:email:${email}`))
      )[0]?.n,
    ).toBe(0);
  });

  it('GET /api/discover?q=%00: 400 on q', async () => {
    const res = await t.client().get('/api/discover?q=%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ q: INVALID_TEXT_MESSAGE }));
  });

  it('PUT /api/creator-profile/tiers with a lone surrogate in a perk: 400 on that perk, and the tiers unchanged', async () => {
    const { client, profile } = await fakeCreator(t);
    const tiers = profile.tiers.map((tier) => ({
      name: tier.name,
      emoji: tier.emoji,
      description: tier.description,
      perks: [...tier.perks],
      isRecurring: tier.isRecurring,
      amount: tier.amountCents / 100,
    }));
    tiers[2]?.perks.push(`Stickers ${HIGH}`);
    const res = await client.put('/api/creator-profile/tiers', { tiers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refused({ [`tiers.2.perks.${(tiers[2]?.perks.length ?? 0) - 1}`]: INVALID_TEXT_MESSAGE }),
    );
    const after = (await client.get('/api/creator-profile')).json().profile as OwnCreatorProfileDto;
    expect(after.tiers).toEqual(profile.tiers);
  });

  it('image uploads still work (PNG bytes hold NULs)', async () => {
    const { client } = await fakeCreator(t);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = '----guardTestBoundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await client.request({
      method: 'POST',
      url: '/api/creator-profile/images/profile',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.profileImageUrl).toMatch(/^\/uploads\//);
  });
});
