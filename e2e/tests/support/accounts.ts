import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { csrf } from './csrf';

/*
 * Accounts made for one test through the real API (sign-up, then onboarding for a creator), so no spec changes the
 * seeded demo accounts and specs can run side by side. The fixtures in test.ts (`supporter`, `creator`, `accounts`)
 * make them and delete them when the test ends (DELETE /api/account, as Settings does).
 */

/** A short unique stamp for emails and usernames (a-z, 0-9). */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The onboarding fields of POST /api/creator-profile (what the wizard sends); anything left out takes its default. */
type CreatorProfileFields = Record<string, unknown> & {
  displayName?: string;
  username?: string;
  bio?: string;
  creatorType?: string;
};

export interface AccountOptions {
  /** `creator` also onboards (a creator page) unless `profile` is false. Default: supporter. */
  role?: 'supporter' | 'creator';
  /** The account's name; a creator's display name too unless the profile says otherwise. */
  name?: string;
  password?: string;
  /** The start of the email address (`<prefix>-<stamp>@example.com`), to tell the test's accounts apart in mail. */
  emailPrefix?: string;
  /** Onboarding fields of a creator (displayName, username, bio, creatorType, country...), or false for none. */
  profile?: CreatorProfileFields | false;
}

export interface Account {
  name: string;
  email: string;
  /** The current password: a test that changes it writes the new one here, so the account can still be deleted. */
  password: string;
  role: 'supporter' | 'creator';
  /** The creator page's username and display name; null without one. */
  username: string | null;
  displayName: string | null;
  /** An API client signed in as this account (its own cookie jar, apart from any page's). */
  request: APIRequestContext;
  /** Set by a test that deletes the account itself: nothing is left to delete (and no sign-in is tried). */
  deleted?: boolean;
}

/**
 * Signs up through the API with `request` (which is then signed in as the new account) and, for a creator, onboards
 * with a fresh username. The one place the specs make an account.
 */
export async function signUp(request: APIRequestContext, options: AccountOptions = {}): Promise<Account> {
  const role = options.role ?? 'supporter';
  const id = stamp();
  const name = options.name ?? (role === 'creator' ? 'Erin Endtoend' : 'Sam Supporter');
  const password = options.password ?? 'a good password 123';
  const email = `${options.emailPrefix ?? `e2e-${role}`}-${id}@example.com`;
  const res = await request.post('/api/auth/sign-up', {
    headers: csrf,
    data: { name, email, password, confirmPassword: password, role },
  });
  expect(res.status(), `sign up ${email}: ${await res.text()}`).toBe(201);

  let username: string | null = null;
  let displayName: string | null = null;
  if (role === 'creator' && options.profile !== false) {
    const fields = {
      displayName: name,
      username: `e2e_${id}`,
      bio: 'Testing the whole site, end to end.',
      creatorType: 'educator',
      ...options.profile,
    };
    const profile = await request.post('/api/creator-profile', { headers: csrf, data: fields });
    expect(profile.status(), `onboard ${email}: ${await profile.text()}`).toBe(201);
    username = fields.username;
    displayName = fields.displayName;
  }
  return { name, email, password, role, username, displayName, request };
}

/** Signs `target` in as the account (a page shares its cookie jar with page.request). */
export async function signIn(target: Page | APIRequestContext, account: Pick<Account, 'email' | 'password'>) {
  const request = 'request' in target ? target.request : target;
  const res = await request.post('/api/auth/sign-in', {
    headers: csrf,
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), `sign in as ${account.email}`).toBe(200);
}

/**
 * Deletes the account as its owner would (Settings > Account), signing in again if the test ended its session
 * (a changed password signs out every other session). An account the test deleted itself says so (`deleted`), so
 * no sign-in that must fail uses up the sign-in limits of 127.0.0.1.
 */
export async function deleteAccount(account: Account, newContext: () => Promise<APIRequestContext>) {
  if (account.deleted) return;
  const remove = async (request: APIRequestContext) => {
    const res = await request.delete('/api/account', { headers: csrf, data: { password: account.password } });
    // A 204 has no body to read.
    return { status: res.status(), text: res.status() === 204 ? '' : await res.text() };
  };
  let res = await remove(account.request);
  if (res.status === 401) {
    const fresh = await newContext();
    try {
      const signedIn = await fresh.post('/api/auth/sign-in', {
        headers: csrf,
        data: { email: account.email, password: account.password },
      });
      if (signedIn.status() !== 200) return;
      res = await remove(fresh);
      // Signed in by password alone, an account with two-factor sign-in on has no session yet: nothing to do.
      if (res.status === 401) return;
    } finally {
      await fresh.dispose();
    }
  }
  expect(res.status, `delete ${account.email}: ${res.text}`).toBe(204);
}
