import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import {
  getTableColumns,
  getTableName,
  sql,
  type InferInsertModel,
  type InferSelectModel,
  type SQL,
  type Table,
} from 'drizzle-orm';
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

/** The driver's client under a drizzle handle: the pool or PGlite, or within a transaction its pooled client or PGlite's. */
function driverClient(db: Db): unknown {
  const handle = db as unknown as { session?: { client?: unknown }; $client?: unknown };
  return handle.session?.client ?? handle.$client;
}

interface PlainQueryable {
  query: <Row>(text: string, values: unknown[]) => Promise<{ rows: Row[] }>;
}

/**
 * Runs the statement on the driver's own client, whether `db` is the database or a transaction: on PostgreSQL by name
 * (prepared once per connection), on PGlite through its extended protocol. Both answer timestamps as Date objects and
 * JSON as values. Only an unknown handle goes through drizzle (timestamps then come back as strings: see toDate).
 */
export async function runPrepared<Row extends Record<string, unknown>>(
  db: Db,
  statement: PreparedStatement,
  values: readonly StatementValue[],
): Promise<Row[]> {
  const client = driverClient(db);
  if (client instanceof pg.Pool || client instanceof pg.Client)
    return (await client.query<Row>({ name: statement.name, text: statement.text, values: values as unknown[] })).rows;
  if (client instanceof PGlite || (client && typeof (client as PlainQueryable).query === 'function'))
    return (await (client as PlainQueryable).query<Row>(statement.text, values as unknown[])).rows;
  const result = (await db.execute(withParameters(statement.text, values))) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * A table's row as drizzle reads it (its own property names and types), from a row the statement gave as
 * `row_to_json(t)` (or with the table's column names): timestamps become Date objects, JSON stays a value.
 */
export function rowOf<T extends Table>(table: T, raw: unknown): InferSelectModel<T> {
  const source = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = source[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
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

const generatedStatements = new Map<string, PreparedStatement>();

/** A statement made from a table's columns, named after its text. */
function generated(text: string): PreparedStatement {
  let statement = generatedStatements.get(text);
  if (!statement) {
    statement = preparedStatement(`gen_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text);
    generatedStatements.set(text, statement);
  }
  return statement;
}

/** The columns `values` names (those not undefined), with the values as drizzle sends them. */
function columnValues<T extends Table>(table: T, values: Partial<InferInsertModel<T>>) {
  const columns = getTableColumns(table);
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  return entries.map(([key, value]) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return {
      name: `"${column.name}"`,
      value: value === null ? null : (column.mapToDriverValue(value) as StatementValue),
    };
  });
}

/**
 * Inserts one row of `table` with the columns `values` gives (the others take their defaults), as a prepared
 * statement named after its text; `tail` follows the values (`on conflict ... do nothing returning *`). Values are
 * written as drizzle writes them (timestamps as ISO text, JSON as text).
 */
export async function insertPrepared<T extends Table>(
  db: Db,
  table: T,
  values: Partial<InferInsertModel<T>>,
  tail = '',
): Promise<Record<string, unknown>[]> {
  const set = columnValues(table, values);
  const text = `insert into "${getTableName(table)}" (${set.map((c) => c.name).join(', ')}) values (${set
    .map((_, i) => `$${i + 1}`)
    .join(', ')})${tail ? ` ${tail}` : ''}`;
  return runPrepared(
    db,
    generated(text),
    set.map((c) => c.value),
  );
}

/**
 * Sets the columns `changes` names on the row of `table` whose `key` column holds `keyValue`, as a prepared
 * statement named after its text; returns the rows changed (`returning *`).
 */
export async function updatePrepared<T extends Table>(
  db: Db,
  table: T,
  key: keyof InferSelectModel<T> & string,
  keyValue: string,
  changes: Partial<InferInsertModel<T>>,
): Promise<Record<string, unknown>[]> {
  const keyColumn = getTableColumns(table)[key];
  if (!keyColumn) throw new Error(`${getTableName(table)} has no column ${key}`);
  const set = columnValues(table, changes);
  const text = `update "${getTableName(table)}" set ${set.map((c, i) => `${c.name} = $${i + 2}`).join(', ')} where "${
    keyColumn.name
  }" = $1 returning *`;
  return runPrepared(db, generated(text), [keyValue, ...set.map((c) => c.value)]);
}
