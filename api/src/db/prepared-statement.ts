import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './database';

/**
 * A hot-path statement written as SQL text with $1..$n parameters. The text never changes, so on
 * PostgreSQL it is prepared once per pooled connection (by name) and then only bound and executed:
 * no query building in Node and no parsing or planning in the server on each request. The checkout
 * profile showed drizzle's query building and the server's parsing of a large statement as a
 * quarter of its CPU. Parameters are strings, numbers, booleans or null; casts in the text give
 * their types ($3::timestamptz with an ISO string, $4::jsonb with JSON text).
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

const names = new Map<string, string>();

/** Declares a statement; each name must be unique with one text (PostgreSQL prepares by name). */
export function preparedStatement(name: string, text: string): PreparedStatement {
  const known = names.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`prepared statement ${name} declared twice with different text`);
  names.set(name, text);
  return { name, text };
}

export type StatementValue = string | number | boolean | null;

/**
 * Runs the statement on the database's own client: the pg pool (named, prepared), PGlite (its
 * extended protocol), or, for a transaction handle, through drizzle with the same parameters.
 * Returned timestamps are Date objects on the first two and strings through drizzle: statements
 * return none, or convert them with toDate.
 */
export async function runPrepared<Row extends Record<string, unknown>>(
  db: Db,
  statement: PreparedStatement,
  values: readonly StatementValue[],
): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool)
    return (await client.query<Row>({ name: statement.name, text: statement.text, values: values as unknown[] })).rows;
  if (client instanceof PGlite) return (await client.query<Row>(statement.text, values as unknown[])).rows;
  const result = (await db.execute(withParameters(statement.text, values))) as unknown as { rows: Row[] };
  return result.rows;
}

/** The statement as drizzle SQL: the text between $n markers raw, each marker its value as a parameter. */
function withParameters(text: string, values: readonly StatementValue[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** A timestamp column as the drivers return it (Date, or an ISO-like string through drizzle). */
export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
