import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@beabro/shared/api-schemas/account';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { createTestDatabase } from '../../testing/test-database';
import { changeEmail, changePassword, deleteAccount } from '../account/account-service';
import { issueDeviceToken } from '../rate-limit/device-cookie';
import { SIGN_IN_LIMITS } from '../rate-limit/sign-in-throttle';
import { signIn, signUp } from './auth-service';
import type * as PasswordHasher from '../users/password-hasher';
import { verifyPassword } from '../users/password-hasher';
import { CURRENT_PASSWORD_LIMIT } from '../users/verify-current-password';

// Every argon2 verification goes through verifyPassword: counting its calls counts the passwords checked.
vi.mock('../users/password-hasher', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordHasher>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const verifications = vi.mocked(verifyPassword);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => verifications.mockClear());

const db = () => database.db;
const PASSWORD = 'correct horse battery';
const { perIpAndAccount, perIp, perAccount, perDevice } = SIGN_IN_LIMITS;
const SECRET = 'test secret of enough entropy for the device cookie';

let ipCounter = 0;
/** A network no test has used yet. */
const newIp = () => `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

let accountCounter = 0;
/** Test factory: an account signed up from its own ("home") network. */
async function fakeAccount() {
  const homeIp = newIp();
  const email = `owner${++accountCounter}.${process.pid}@example.com`;
  const user = await signUp(
    db(),
    { name: 'Owner', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'supporter' },
    homeIp,
  );
  return { id: user.id, email, homeIp };
}

type Outcome = 'signed in' | 'failed' | `throttled ${number}s`;

async function tryToSignIn(
  email: string,
  password: string,
  ip: string,
  now?: Date,
  deviceToken?: string,
): Promise<Outcome> {
  try {
    await signIn(db(), { email, password }, ip, now, { secret: SECRET, token: deviceToken });
    return 'signed in';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'unauthenticated') return 'failed';
    if (error.code === 'rate_limited') return `throttled ${error.retryAfterSeconds ?? 0}s`;
    throw error;
  }
}

function tally(outcomes: Outcome[]) {
  return {
    failed: outcomes.filter((o) => o === 'failed').length,
    throttled: outcomes.filter((o) => o.startsWith('throttled')).length,
    signedIn: outcomes.filter((o) => o === 'signed in').length,
  };
}

const seconds = (base: Date, s: number) => new Date(base.getTime() + s * 1000);

describe('sign-in guessing: parallel attempts never check more passwords than the limits', () => {
  it('60 parallel wrong passwords on one account from 60 networks check at most the per-account limit', async () => {
    const { email } = await fakeAccount();
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => tryToSignIn(email, 'wrong password', newIp())));
    expect(verifications).toHaveBeenCalledTimes(perAccount.freeAttempts);
    expect(tally(outcomes)).toEqual({
      failed: perAccount.freeAttempts,
      throttled: 60 - perAccount.freeAttempts,
      signedIn: 0,
    });
  });

  it('60 parallel wrong passwords on one account from one network check at most the per-network-and-account limit', async () => {
    const { email } = await fakeAccount();
    const ip = newIp();
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => tryToSignIn(email, 'wrong password', ip)));
    expect(verifications).toHaveBeenCalledTimes(perIpAndAccount.limit);
    expect(tally(outcomes)).toEqual({
      failed: perIpAndAccount.limit,
      throttled: 60 - perIpAndAccount.limit,
      signedIn: 0,
    });
  });

  it('200 parallel attempts from one network across many emails check at most the per-network limit', async () => {
    const { email } = await fakeAccount();
    const ip = newIp();
    const emails = Array.from({ length: 200 }, (_, i) =>
      i % 10 === 0 ? email : `nobody${i}.${process.pid}@example.com`,
    );
    const outcomes = await Promise.all(emails.map((e) => tryToSignIn(e, 'wrong password', ip)));
    expect(verifications).toHaveBeenCalledTimes(perIp.limit);
    expect(tally(outcomes)).toEqual({ failed: perIp.limit, throttled: 200 - perIp.limit, signedIn: 0 });
  });
});

describe('sign-in throttling does not lock the owner out', () => {
  it('while others guess, the owner signs in from their own network; elsewhere they wait the backoff, not a lockout', async () => {
    const { email, homeIp } = await fakeAccount();
    const t0 = new Date();
    for (let i = 0; i < perAccount.freeAttempts; i++)
      expect(await tryToSignIn(email, 'wrong password', newIp(), t0)).toBe('failed');
    expect(await tryToSignIn(email, 'wrong password', newIp(), t0)).toBe('throttled 30s');
    expect(await tryToSignIn(email, PASSWORD, homeIp, t0)).toBe('signed in');

    // A network the account has not used: the backoff applies, then the right password works.
    const travelIp = newIp();
    expect(await tryToSignIn(email, PASSWORD, travelIp, seconds(t0, 10))).toBe('throttled 20s');
    expect(await tryToSignIn(email, PASSWORD, travelIp, seconds(t0, 30))).toBe('signed in');
    // ...and from then on it is known: guessing elsewhere no longer stops it.
    expect(await tryToSignIn(email, 'wrong password', newIp(), seconds(t0, 31))).toBe('throttled 29s');
    expect(await tryToSignIn(email, PASSWORD, travelIp, seconds(t0, 31))).toBe('signed in');
  });

  it('a distributed attack is slowed down with doubling waits, and refused guesses do not extend them', async () => {
    const { email } = await fakeAccount();
    const t0 = new Date();
    for (let i = 0; i < perAccount.freeAttempts; i++) await tryToSignIn(email, 'wrong password', newIp(), t0);
    for (const s of [1, 10, 29])
      expect(await tryToSignIn(email, 'wrong password', newIp(), seconds(t0, s))).toBe(`throttled ${30 - s}s`);
    expect(await tryToSignIn(email, 'wrong password', newIp(), seconds(t0, 30))).toBe('failed');
    expect(await tryToSignIn(email, 'wrong password', newIp(), seconds(t0, 31))).toBe('throttled 59s');
    expect(await tryToSignIn(email, 'wrong password', newIp(), seconds(t0, 90))).toBe('failed');
    expect(await tryToSignIn(email, 'wrong password', newIp(), seconds(t0, 91))).toBe('throttled 119s');
  });

  it("the owner's own network is limited to 5 wrong passwords per 15 minutes, and a right password forgives its typos", async () => {
    const { email, homeIp } = await fakeAccount();
    const t0 = new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 1000);
    for (let i = 0; i < perIpAndAccount.limit - 1; i++)
      expect(await tryToSignIn(email, 'typo', homeIp, t0)).toBe('failed');
    expect(await tryToSignIn(email, PASSWORD, homeIp, t0)).toBe('signed in');
    for (let i = 0; i < perIpAndAccount.limit; i++) expect(await tryToSignIn(email, 'typo', homeIp, t0)).toBe('failed');
    expect(await tryToSignIn(email, PASSWORD, homeIp, seconds(t0, 60))).toBe('throttled 839s');
    // Another network is not affected.
    expect(await tryToSignIn(email, PASSWORD, newIp(), seconds(t0, 60))).toBe('signed in');
    expect(await tryToSignIn(email, PASSWORD, homeIp, seconds(t0, 900))).toBe('signed in');
  });

  it('right passwords never use up the limits', async () => {
    const { email } = await fakeAccount();
    const ip = newIp();
    const outcomes: Outcome[] = [];
    for (let i = 0; i < perIp.limit + 2; i++) outcomes.push(await tryToSignIn(email, PASSWORD, ip));
    expect(tally(outcomes)).toEqual({ failed: 0, throttled: 0, signedIn: perIp.limit + 2 });
  });
});

describe('a known device (the device cookie of an earlier sign-in)', () => {
  it("is not locked out by others' wrong passwords from its own network, nor by guesses across accounts there", async () => {
    const { email, homeIp } = await fakeAccount();
    const device = issueDeviceToken(SECRET, email);
    const t0 = new Date();
    // Someone else on the owner's network (a shared NAT) guesses the owner's password, then sprays others.
    for (let i = 0; i < perIpAndAccount.limit; i++)
      expect(await tryToSignIn(email, 'wrong password', homeIp, t0)).toBe('failed');
    for (let i = 0; i < perIp.limit; i++) await tryToSignIn(`sprayed${i}.${process.pid}@example.com`, 'x', homeIp, t0);
    expect(await tryToSignIn(email, PASSWORD, homeIp, t0)).toMatch(/^throttled/);
    // The owner's browser is a known device: it signs in there.
    expect(await tryToSignIn(email, PASSWORD, homeIp, t0, device)).toBe('signed in');
  });

  it('counts its own wrong passwords against its own limit, and a right password forgives them', async () => {
    const { email } = await fakeAccount();
    const device = issueDeviceToken(SECRET, email);
    const ip = newIp();
    const t0 = new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 1000);
    for (let i = 0; i < perDevice.limit - 1; i++)
      expect(await tryToSignIn(email, 'typo', ip, t0, device)).toBe('failed');
    expect(await tryToSignIn(email, PASSWORD, ip, t0, device)).toBe('signed in');
    for (let i = 0; i < perDevice.limit; i++) expect(await tryToSignIn(email, 'typo', ip, t0, device)).toBe('failed');
    expect(await tryToSignIn(email, PASSWORD, ip, seconds(t0, 60), device)).toBe('throttled 839s');
    // Another known device of the same owner is not affected.
    expect(await tryToSignIn(email, PASSWORD, ip, seconds(t0, 60), issueDeviceToken(SECRET, email))).toBe('signed in');
  });

  it('only counts as known for the account it was issued for, and only when signed with the secret', async () => {
    const { email, homeIp } = await fakeAccount();
    const other = await fakeAccount();
    const t0 = new Date();
    for (let i = 0; i < perIpAndAccount.limit; i++) await tryToSignIn(email, 'wrong password', homeIp, t0);
    const forged = `${'A'.repeat(22)}.${'B'.repeat(43)}`;
    for (const token of [
      issueDeviceToken(SECRET, other.email),
      issueDeviceToken('another secret', email),
      forged,
      'junk',
    ])
      expect(await tryToSignIn(email, PASSWORD, homeIp, t0, token)).toMatch(/^throttled/);
  });

  it('60 parallel wrong passwords from one stolen device cookie check at most the per-device limit', async () => {
    const { email } = await fakeAccount();
    const device = issueDeviceToken(SECRET, email);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () => tryToSignIn(email, 'wrong password', newIp(), undefined, device)),
    );
    expect(verifications).toHaveBeenCalledTimes(perDevice.limit);
    expect(tally(outcomes)).toEqual({ failed: perDevice.limit, throttled: 60 - perDevice.limit, signedIn: 0 });
  });
});

describe('password checks while signed in', () => {
  it('share one budget per account: 30 parallel wrong passwords across email change, password change and deletion check 10', async () => {
    const { id, email } = await fakeAccount();
    const check = (i: number): Promise<unknown> => {
      if (i % 3 === 0)
        return changeEmail(db(), id, { email: `new${i}.${email}`, password: 'wrong password' }, 'http://localhost');
      if (i % 3 === 1)
        return changePassword(db(), id, randomUUID(), {
          currentPassword: 'wrong password',
          newPassword: 'another good one',
          confirmPassword: 'another good one',
        });
      return deleteAccount(db(), id, 'wrong password');
    };
    const attempts = Array.from({ length: 30 }, (_, i) =>
      check(i).then(
        () => 'changed',
        (error: unknown) => (error instanceof AppError ? error.message : 'unexpected'),
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(verifications).toHaveBeenCalledTimes(CURRENT_PASSWORD_LIMIT.limit);
    expect(outcomes.filter((o) => o === ACCOUNT_MESSAGES.currentPasswordIncorrect)).toHaveLength(
      CURRENT_PASSWORD_LIMIT.limit,
    );
    expect(outcomes.filter((o) => o.startsWith('Too many attempts'))).toHaveLength(30 - CURRENT_PASSWORD_LIMIT.limit);
  });
});
