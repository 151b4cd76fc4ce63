import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { operators, sessions } from '../../db/schema';
import { findUserByEmail } from '../users/user-repository';
import { COMMAND_LINE_ACTOR, recordAudit } from './audit-log';

export type OperatorChange =
  | { kind: 'added' | 'removed' | 'already' | 'not-operator'; userId: string; email: string }
  | { kind: 'no-account'; email: string };

/**
 * Makes the account with this email an operator (or, with `remove`, takes the role away), audited with the
 * actor "command line". Their open sessions end: the next sign-in gets the operator's shorter session.
 */
export async function setOperator(
  db: Db,
  email: string,
  remove: boolean,
  now = new Date(),
  actor = COMMAND_LINE_ACTOR,
): Promise<OperatorChange> {
  const user = await findUserByEmail(db, email.trim());
  if (!user || !user.email) return { kind: 'no-account', email };
  const target = { userId: user.id, email: user.email };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(operators).where(eq(operators.userId, user.id));
    if (remove) {
      if (!existing) return { kind: 'not-operator', ...target };
      await tx.delete(operators).where(eq(operators.userId, user.id));
      await recordAudit(tx, {
        actor,
        action: 'operator.remove',
        target: `user:${user.id}`,
        before: { operator: true, email: user.email },
        after: { operator: false },
      });
    } else {
      if (existing) return { kind: 'already', ...target };
      await tx.insert(operators).values({ userId: user.id, addedBy: actor, addedAt: now });
      await recordAudit(tx, {
        actor,
        action: 'operator.add',
        target: `user:${user.id}`,
        before: { operator: false },
        after: { operator: true, email: user.email },
      });
    }
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.userId, user.id));
    return { kind: remove ? 'removed' : 'added', ...target };
  });
}

/** What the command prints for a change. */
export function describeOperatorChange(change: OperatorChange): string {
  switch (change.kind) {
    case 'no-account':
      return `No account uses ${change.email}. The person must sign up first.`;
    case 'already':
      return `${change.email} is already an operator.`;
    case 'not-operator':
      return `${change.email} is not an operator: nothing to remove.`;
    case 'removed':
      return `${change.email} is no longer an operator. Their sessions were signed out.`;
    case 'added':
      return (
        `${change.email} is now an operator. Their sessions were signed out.\n` +
        'The operator console opens only after a two-factor sign-in: they must turn on two-factor ' +
        'authentication in Settings, then sign in again. Operator sessions last 12 hours.'
      );
  }
}
