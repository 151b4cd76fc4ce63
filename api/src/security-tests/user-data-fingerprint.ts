import { eq, getTableName, is, type Column } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import * as schema from '../db/schema';

interface OwnedBy {
  table: PgTable;
  column: Column;
}

/**
 * Where a user's data lives: their users row, and every row of every table whose foreign key points
 * at them (users.id or creator_profiles.user_id), read from the schema, so a new table is covered with
 * no edit here. creator_versions has no foreign key but is keyed by the creator; emails to the user's
 * address are theirs too.
 */
function ownedColumns(): OwnedBy[] {
  const owned: OwnedBy[] = [
    { table: schema.users, column: schema.users.id },
    { table: schema.creatorVersions, column: schema.creatorVersions.creatorId },
  ];
  const userKeys: Column[] = [schema.users.id, schema.creatorProfiles.userId];
  for (const value of Object.values(schema) as unknown[]) {
    if (!is(value, PgTable)) continue;
    for (const foreignKey of getTableConfig(value).foreignKeys) {
      const { columns, foreignColumns } = foreignKey.reference();
      const [column] = columns;
      const [target] = foreignColumns;
      if (column && target && columns.length === 1 && userKeys.includes(target)) owned.push({ table: value, column });
    }
  }
  return owned;
}

const OWNED = ownedColumns();

/**
 * Everything stored about one user, as text to compare before and after another user's request:
 * equal means that request neither changed nor removed nor added anything of theirs.
 */
export async function fingerprintUserData(db: Db, user: { id: string; email: string }): Promise<string> {
  const parts: string[] = [];
  for (const { table, column } of OWNED) {
    const rows = await db.select().from(table).where(eq(column, user.id));
    parts.push(
      `${getTableName(table)}.${column.name}: ${rows
        .map((r) => JSON.stringify(r))
        .sort()
        .join('\n')}`,
    );
  }
  const emails = await db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.toAddress, user.email.toLowerCase()));
  parts.push(
    `email_outbox: ${emails
      .map((r) => JSON.stringify(r))
      .sort()
      .join('\n')}`,
  );
  return parts.join('\n');
}
