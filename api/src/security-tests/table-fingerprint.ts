import { readdir } from 'node:fs/promises';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import * as schema from '../db/schema';

/** Every table of the schema by its SQL name: a table added to schema.ts is watched with no edit here. */
export const ALL_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .sort();

/** Table name -> a hash of its whole content (every column of every row). */
export type TableFingerprint = Record<string, string>;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A hash of each table's content, taken in one query. Stronger than row counts: an UPDATE that a failed
 * request left behind shows too. Cheap at test sizes (a few hundred rows).
 */
export async function fingerprintTables(db: Db, tables: readonly string[]): Promise<TableFingerprint> {
  // md5 of the rows' text forms in a stable order; int8 and friends come back as text on PGlite and pg alike.
  const columns = tables.map(
    (table) =>
      `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${quoteIdent(table)} t) as ${quoteIdent(table)}`,
  );
  const result = (await db.execute(sql.raw(`select ${columns.join(', ')}`))) as unknown as {
    rows: Array<Record<string, string>>;
  };
  const row = result.rows[0];
  if (!row) throw new Error('fingerprint query returned no row');
  return row;
}

/** The tables whose content differs between two fingerprints. */
export function changedTables(before: TableFingerprint, after: TableFingerprint): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}

/** The files in a folder (none when it does not exist yet), for checking that a refused upload left nothing on disk. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}
