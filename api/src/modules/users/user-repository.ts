import { and, eq, isNull } from 'drizzle-orm';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { creatorProfiles, operators, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function insertUser(
  db: Db,
  values: { email: string; passwordHash: string; displayName: string; userType: 'creator' | 'supporter' },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

/** The session user (docs/product-rules.md#accounts-and-sign-in): the account and its creator profile. */
export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      user: users,
      username: creatorProfiles.username,
      profileDeleted: creatorProfiles.deletedAt,
      operator: operators.userId,
    })
    .from(users)
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
    .leftJoin(operators, eq(operators.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row || !row.user.email) return null;
  return toSessionUser(row.user, row.username && !row.profileDeleted ? row.username : null, row.operator !== null);
}

/** `isOperator` is set only for operators (absent otherwise). */
export function toSessionUser(user: UserRow, username: string | null, isOperator = false): SessionUser {
  return {
    ...(isOperator ? { isOperator: true } : {}),
    id: user.id,
    email: user.email ?? '',
    username,
    displayName: user.displayName,
    isCreator: username !== null,
    userType: user.userType,
    emailVerified: user.emailVerifiedAt !== null,
  };
}
