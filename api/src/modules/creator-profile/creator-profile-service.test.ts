import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingSchema } from '@beabro/shared/schemas/onboarding';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { createTestDatabase } from '../../testing/test-database';
import { insertUser } from '../users/user-repository';
import {
  createCreatorProfile,
  getOwnCreatorProfile,
  nextUsernameChangeAt,
  updateCreatorProfile,
} from './creator-profile-service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let n = 0;
async function creator(username: string, createdAt: Date) {
  const user = await insertUser(database.db, {
    email: `svc${++n}@example.com`,
    passwordHash: 'x',
    displayName: 'Svc',
    userType: 'creator',
  });
  const values = onboardingSchema.parse({ displayName: 'Svc', username, bio: 'Bio', creatorType: 'other' });
  await createCreatorProfile(database.db, user.id, values, createdAt);
  return user.id;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const at = (iso: string) => new Date(iso);

describe('nextUsernameChangeAt', () => {
  it('is null when the username was never changed, or the 30 days have passed', () => {
    expect(nextUsernameChangeAt(null, at('2025-03-05T10:00:00Z'))).toBeNull();
    expect(nextUsernameChangeAt(at('2025-03-05T10:00:00Z'), at('2025-04-04T10:00:00Z'))).toBeNull();
  });

  it('is exactly 30 days after the change while they have not', () => {
    expect(nextUsernameChangeAt(at('2025-03-05T10:00:00Z'), at('2025-04-04T09:59:59Z'))).toEqual(
      at('2025-04-04T10:00:00Z'),
    );
  });
});

describe('username changes on a fixed clock', () => {
  it('allows the first change right after onboarding, then one per 30 days, naming the UTC date', async () => {
    const userId = await creator('clock_first', at('2025-03-01T12:00:00Z'));
    // Onboarding itself is not a change.
    expect(
      (await getOwnCreatorProfile(database.db, userId, at('2025-03-01T12:00:01Z'))).usernameChangeAvailableAt,
    ).toBeNull();

    const changed = await updateCreatorProfile(
      database.db,
      userId,
      { username: 'clock_second' },
      at('2025-03-05T23:30:00Z'),
    );
    expect(changed.username).toBe('clock_second');
    expect(changed.usernameChangeAvailableAt).toBe('2025-04-04T23:30:00.000Z');

    // 23:30 UTC is already the next day east of UTC: the message still names the UTC date.
    const tooSoon = await refusal(
      updateCreatorProfile(database.db, userId, { username: 'clock_third' }, at('2025-03-20T08:00:00Z')),
    );
    expect(tooSoon.code).toBe('validation');
    expect(tooSoon.fieldErrors).toEqual({ username: 'You can change your username again on April 4, 2025.' });

    const lastSecond = await refusal(
      updateCreatorProfile(database.db, userId, { username: 'clock_third' }, at('2025-04-04T23:29:59Z')),
    );
    expect(lastSecond.fieldErrors.username).toBe('You can change your username again on April 4, 2025.');

    const allowed = await updateCreatorProfile(
      database.db,
      userId,
      { username: 'clock_third' },
      at('2025-04-04T23:30:00Z'),
    );
    expect(allowed.username).toBe('clock_third');
    expect(allowed.usernameChangeAvailableAt).toBe('2025-05-04T23:30:00.000Z');
    expect(
      (await getOwnCreatorProfile(database.db, userId, at('2025-05-04T23:30:00Z'))).usernameChangeAvailableAt,
    ).toBeNull();
  });

  it('keeps other edits possible during the wait, including re-sending the current username', async () => {
    const userId = await creator('clock_wait', at('2025-01-01T00:00:00Z'));
    await updateCreatorProfile(database.db, userId, { username: 'clock_waiting' }, at('2025-01-10T00:00:00Z'));
    const edited = await updateCreatorProfile(
      database.db,
      userId,
      { username: 'clock_waiting', displayName: 'Edited' },
      at('2025-01-11T00:00:00Z'),
    );
    expect(edited).toMatchObject({
      username: 'clock_waiting',
      displayName: 'Edited',
      usernameChangeAvailableAt: '2025-02-09T00:00:00.000Z',
    });
  });
});
