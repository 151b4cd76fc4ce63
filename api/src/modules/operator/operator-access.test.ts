import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ONLY_MESSAGE, OPERATOR_TWO_FACTOR_MESSAGE } from '@beabro/shared/api-schemas/operator';
import { operatorAuditLog, operators, sessions } from '../../db/schema';
import { sessionCookie } from '../../security-tests/security-fixtures';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { hashToken, OPERATOR_SESSION_TTL_MS, resolveSession, SESSION_COOKIE } from '../sessions/session-service';
import { csvField } from '../../lib/csv';
import { describeOperatorChange, setOperator } from './operator-accounts';
import { fakeOperator, operatorSessionCookie } from './operator-test-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('who may open the operator console', () => {
  it('a visitor gets 401, a user 403, an operator without two-factor sign-in 403, an operator with it 200', async () => {
    expect((await get('/api/operator/people')).statusCode).toBe(401);

    const user = await fakeUser(t);
    const asUser = await user.client.get('/api/operator/people');
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().message).toBe(OPERATOR_ONLY_MESSAGE);
    expect((await user.client.get('/api/auth/me')).json().user.isOperator).toBeUndefined();

    const withoutTwoFactor = await operatorSessionCookie(db(), user.user.id, false);
    const refused = await get('/api/operator/people', withoutTwoFactor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OPERATOR_TWO_FACTOR_MESSAGE);

    const operator = await fakeOperator(t);
    const opened = await operator.client.get(`/api/operator/people?q=${encodeURIComponent(operator.email)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().people).toEqual([
      expect.objectContaining({ id: operator.user.id, email: operator.email, isOperator: true }),
    ]);
    expect((await operator.client.get('/api/auth/me')).json().user.isOperator).toBe(true);
    expect(opened.headers['cache-control']).toBe('private, no-store');
  });

  it("an operator's session ends 12 hours after its sign-in and never slides", async () => {
    const operator = await fakeOperator(t);
    const token = operator.client.cookie(SESSION_COOKIE) ?? '';
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    if (!row) throw new Error('no session row');
    expect(row.twoFactorAt).not.toBeNull();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(OPERATOR_SESSION_TTL_MS);
    const elevenHours = new Date(row.createdAt.getTime() + 11 * 3_600_000);
    expect(await resolveSession(db(), token, elevenHours)).toMatchObject({ renewedUntil: null, twoFactor: true });
    expect(await resolveSession(db(), token, new Date(row.createdAt.getTime() + OPERATOR_SESSION_TTL_MS + 1))).toBe(
      null,
    );
    // A session of someone made an operator afterwards is cut to 12 hours from its sign-in too.
    const later = await fakeUser(t);
    const cookie = await sessionCookie(db(), later.user.id);
    await db().insert(operators).values({ userId: later.user.id, addedBy: 'test' });
    const laterToken = cookie.slice(`${SESSION_COOKIE}=`.length);
    const resolved = await resolveSession(db(), laterToken);
    expect(resolved?.renewedUntil).not.toBeNull();
    expect(await resolveSession(db(), laterToken, new Date(Date.now() + 13 * 3_600_000))).toBe(null);
  });

  it('operator:add makes an existing account an operator and --remove takes it away, both audited', async () => {
    const user = await fakeUser(t);
    expect((await setOperator(db(), 'nobody.here@example.com', false)).kind).toBe('no-account');
    const added = await setOperator(db(), user.email.toUpperCase(), false);
    expect(added.kind).toBe('added');
    expect(describeOperatorChange(added)).toContain('turn on two-factor authentication in Settings');
    expect((await setOperator(db(), user.email, false)).kind).toBe('already');
    // Signed out: the next sign-in gets the operator's session.
    expect((await user.client.get('/api/auth/me')).json().user).toBeNull();
    expect((await setOperator(db(), user.email, true)).kind).toBe('removed');
    expect((await setOperator(db(), user.email, true)).kind).toBe('not-operator');
    const entries = await db()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `user:${user.user.id}`))
      .orderBy(operatorAuditLog.id);
    expect(entries.map((e) => [e.actor, e.action])).toEqual([
      ['command line', 'operator.add'],
      ['command line', 'operator.remove'],
    ]);
  });
});

describe('the audit log', () => {
  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const operator = await fakeOperator(t);
    const [entry] = await db()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `user:${operator.user.id}`));
    if (!entry) throw new Error('no audit entry');
    await expect(
      db().update(operatorAuditLog).set({ actor: 'someone else' }).where(eq(operatorAuditLog.id, entry.id)),
    ).rejects.toThrow();
    await expect(db().delete(operatorAuditLog).where(eq(operatorAuditLog.id, entry.id))).rejects.toThrow();
    await expect(db().execute(sql`truncate operator_audit_log`)).rejects.toThrow();
    const [still] = await db().select().from(operatorAuditLog).where(eq(operatorAuditLog.id, entry.id));
    expect(still).toEqual(entry);
  });

  it('pages newest first and exports CSV with RFC 4180 quoting, safe from spreadsheet formulas', async () => {
    const operator = await fakeOperator(t);
    const page = await operator.client.get('/api/operator/audit');
    expect(page.statusCode, page.body).toBe(200);
    const { entries, nextBefore } = page.json() as { entries: Array<{ id: number }>; nextBefore: number | null };
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    if (nextBefore !== null) {
      const next = await operator.client.get(`/api/operator/audit?before=${nextBefore}`);
      expect(Math.max(...(next.json().entries as Array<{ id: number }>).map((e) => e.id))).toBeLessThan(nextBefore);
    }
    const csv = await operator.client.get('/api/operator/audit.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('id,at,actor,action,target,reason,before,after');
    expect(csv.body).toContain(`operator.add,user:${operator.user.id}`);

    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '@']) expect(csvField(`${start}x`)).toBe(`'${start}x`);
    // A plain negative number stays a number: a spreadsheet does not run it.
    expect(csvField('-1.50')).toBe('-1.50');
  });
});
