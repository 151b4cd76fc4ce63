// Test factories (used by tests only): creators and supports written straight through the tables,
// so read endpoints can be checked against rows whose numbers the test knows.
import { calculateFees } from '@beabro/shared/money/fees';
import { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
import type { Db } from '../../db/database';
import { creatorProfiles, supports, supportTiers, users } from '../../db/schema';
import { fakeUser, type TestApp } from '../../testing/test-app';

type ProfileValues = typeof creatorProfiles.$inferInsert;
type SupportValues = typeof supports.$inferInsert;

let counter = 0;
const unique = () => `${++counter}${process.pid % 10_000}`;

/** A creator profile (with the four tiers) for an existing account. */
export async function insertCreatorProfile(
  db: Db,
  userId: string,
  overrides: Partial<Omit<ProfileValues, 'userId'>> = {},
) {
  const username = overrides.username ?? `creator_${unique()}`;
  const [profile] = await db
    .insert(creatorProfiles)
    .values({
      userId,
      username,
      displayName: `Creator ${username}`,
      bio: 'Building something good.',
      creatorType: 'creator',
      ...overrides,
    })
    .returning();
  if (!profile) throw new Error('insert into creator_profiles returned nothing');
  await db.insert(supportTiers).values(defaultSupportTiers().map((tier) => ({ creatorId: userId, ...tier })));
  return profile;
}

/** An account with no session (a creator nobody signs in as). */
export async function insertAccount(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `account${unique()}@example.com`, displayName: 'Someone', userType: 'creator', ...overrides })
    .returning();
  if (!user) throw new Error('insert into users returned nothing');
  return user;
}

/** A creator nobody is signed in as. */
export async function fakeCreator(db: Db, overrides: Partial<Omit<ProfileValues, 'userId'>> = {}) {
  const user = await insertAccount(db);
  return insertCreatorProfile(db, user.id, overrides);
}

/** A signed-in creator: a client with a session, and their profile. */
export async function fakeSignedInCreator(t: TestApp, overrides: Partial<Omit<ProfileValues, 'userId'>> = {}) {
  const account = await fakeUser(t, { role: 'creator' });
  const profile = await insertCreatorProfile(t.database.db, account.user.id, overrides);
  return { ...account, profile };
}

/** A support with its fees from the shared fee function; a guest with a fresh email unless told otherwise. */
export async function fakeSupport(
  db: Db,
  creatorId: string,
  overrides: Partial<Omit<SupportValues, 'creatorId'>> = {},
) {
  const amountCents = overrides.amountCents ?? 500;
  const currency = overrides.currency ?? 'usd';
  const { platformFeeCents, processingFeeCents, creatorNetCents } = calculateFees(amountCents, currency);
  const [row] = await db
    .insert(supports)
    .values({
      creatorId,
      supporterName: 'A Bro',
      supporterEmail: `guest${unique()}@example.com`,
      amountCents,
      currency,
      platformFeeCents,
      processingFeeCents,
      creatorNetCents,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert into supports returned nothing');
  return row;
}
