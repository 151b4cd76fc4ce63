import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@beabro/shared/api-schemas/help-contact';
import { contactRequests } from '../../db/schema';
import { INVALID_INPUT_MESSAGE } from '../../lib/messages';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { CONTACT_LIMIT_PER_IP } from './help-contact-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Jamie Doe',
  email: 'jamie@example.com',
  topic: 'payments',
  message: 'My payout has not arrived this week.',
  ...extra,
});
const allRequests = () => t.database.db.select().from(contactRequests);

describe('POST /api/help/contact', () => {
  it('stores a visitor’s request, trimmed and with the email lower-cased, and answers 201 with its id', async () => {
    const res = await t.client().post(
      '/api/help/contact',
      body({
        name: '  Jamie Doe ',
        email: ' Jamie@Example.COM ',
        message: '  My payout has not arrived this week.  ',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row).toMatchObject({
      userId: null,
      name: 'Jamie Doe',
      email: 'jamie@example.com',
      topic: 'payments',
      message: 'My payout has not arrived this week.',
    });
  });

  it('links the request to the account when signed in', async () => {
    const { client, user } = await fakeUser(t);
    const res = await client.post('/api/help/contact', body({ topic: 'account' }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.id, res.json().id));
    expect(row?.userId).toBe(user.id);
  });

  it('answers 400 with a clear message per field and writes nothing', async () => {
    const before = (await allRequests()).length;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {},
        {
          name: CONTACT_MESSAGES.nameRequired,
          email: CONTACT_MESSAGES.emailRequired,
          topic: CONTACT_MESSAGES.topicRequired,
          message: CONTACT_MESSAGES.messageRequired,
        },
      ],
      [
        body({ name: '   ', email: 'not-an-email', topic: 'refunds', message: 'too short' }),
        {
          name: CONTACT_MESSAGES.nameRequired,
          email: CONTACT_MESSAGES.emailInvalid,
          topic: CONTACT_MESSAGES.topicRequired,
          message: CONTACT_MESSAGES.messageTooShort,
        },
      ],
      [
        body({ name: 'n'.repeat(101), message: 'm'.repeat(2_001) }),
        { name: CONTACT_MESSAGES.nameTooLong, message: CONTACT_MESSAGES.messageTooLong },
      ],
      [body({ message: '     ' }), { message: CONTACT_MESSAGES.messageRequired }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const res = await t.client().post('/api/help/contact', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVALID_INPUT_MESSAGE, fieldErrors });
    }
    expect(CONTACT_MESSAGES.messageTooLong).toBe('Message must be at most 2,000 characters');
    expect((await allRequests()).length).toBe(before);
  });

  it('accepts every topic of the form and the limits exactly', async () => {
    for (const topic of ['general', 'payments', 'account', 'creator-page', 'other']) {
      expect(
        (await t.client().post('/api/help/contact', body({ topic, name: 'n'.repeat(100), message: 'm'.repeat(2_000) })))
          .statusCode,
      ).toBe(201);
    }
    expect((await t.client().post('/api/help/contact', body({ message: 'ten chars!' }))).statusCode).toBe(201);
  });

  it('allows five requests an hour per IP, then answers 429 with Retry-After and stores nothing more', async () => {
    const client = t.client();
    for (let i = 0; i < CONTACT_LIMIT_PER_IP.limit; i++)
      expect((await client.post('/api/help/contact', body())).statusCode).toBe(201);
    const before = (await allRequests()).length;
    const refused = await client.post('/api/help/contact', body());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect((await allRequests()).length).toBe(before);
    // Another visitor is not affected.
    expect((await t.client().post('/api/help/contact', body())).statusCode).toBe(201);
  });
});
