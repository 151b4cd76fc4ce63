import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './database';

/** One file per SQL function, named after it, holding its live definition (README.md there). */
export const SQL_FUNCTIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'sql');

export interface SqlFunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  /** One `CREATE OR REPLACE FUNCTION` statement, with comments. */
  text: string;
}

export interface SqlFunctionDrift {
  name: string;
  problem: 'no file' | 'no function' | 'differs' | 'overloaded' | 'not its function';
  detail: string;
}

export function readSqlFunctionFiles(folder = SQL_FUNCTIONS_FOLDER): SqlFunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), text: readFileSync(path.join(folder, file), 'utf8') }));
}

/** Whitespace does not count: a reindented body is the same function. */
function normalise(definition: string): string {
  return definition.replace(/\s+/g, ' ').trim();
}

/** Every function of the public schema except those an extension owns: `name(identity arguments)` -> definition. */
async function publicFunctions(db: Db): Promise<Map<string, { name: string; definition: string }>> {
  const result = (await db.execute(sql`
    select p.proname as name, p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature,
      pg_get_functiondef(p.oid) as definition
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (
        select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
      )
    order by 2`)) as unknown as { rows: Array<{ name: string; signature: string; definition: string }> };
  return new Map(result.rows.map((row) => [row.signature, { name: row.name, definition: normalise(row.definition) }]));
}

class RolledBack extends Error {
  constructor(readonly after: Map<string, { name: string; definition: string }>) {
    super('rolled back');
  }
}

/** What the database's functions would be with `file` applied; the database itself is left as it was. */
async function functionsWithFileApplied(db: Db, file: SqlFunctionFile) {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(file.text));
      throw new RolledBack(await publicFunctions(tx as unknown as Db));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.after;
    throw error;
  }
  throw new Error('unreachable');
}

/**
 * Compares the database's functions with the files. Each file is applied in a transaction that is rolled back: it
 * agrees with the database when it changes no function's definition (as PostgreSQL prints it, whitespace aside)
 * and adds none, so the arguments, result, volatility and body are all compared. Empty when they all agree.
 */
export async function findSqlFunctionDrift(db: Db, files: SqlFunctionFile[]): Promise<SqlFunctionDrift[]> {
  const drift: SqlFunctionDrift[] = [];
  const live = await publicFunctions(db);
  const liveNames = new Set([...live.values()].map((fn) => fn.name));
  const fileNames = new Set(files.map((file) => file.name));
  for (const [signature, fn] of live) {
    if (!fileNames.has(fn.name)) drift.push({ name: fn.name, problem: 'no file', detail: `${signature} has no file` });
  }
  for (const file of files) {
    const declared = new RegExp(`^\\s*CREATE OR REPLACE FUNCTION\\s+"?${file.name}"?\\s*\\(`, 'im');
    if (!declared.test(file.text)) {
      drift.push({
        name: file.name,
        problem: 'not its function',
        detail: `does not CREATE OR REPLACE FUNCTION ${file.name}`,
      });
      continue;
    }
    if (!liveNames.has(file.name)) {
      drift.push({ name: file.name, problem: 'no function', detail: 'the database has no function of that name' });
      continue;
    }
    const overloads = [...live].filter(([, fn]) => fn.name === file.name).map(([signature]) => signature);
    if (overloads.length > 1) {
      drift.push({
        name: file.name,
        problem: 'overloaded',
        detail: `one file, several functions: ${overloads.join(', ')}`,
      });
    }
    let after;
    try {
      after = await functionsWithFileApplied(db, file);
    } catch (error) {
      drift.push({ name: file.name, problem: 'differs', detail: `does not apply: ${(error as Error).message}` });
      continue;
    }
    for (const [signature, fn] of after) {
      const before = live.get(signature);
      if (!before) drift.push({ name: file.name, problem: 'differs', detail: `would add ${signature}` });
      else if (before.definition !== fn.definition) {
        drift.push({ name: file.name, problem: 'differs', detail: `would change ${signature}` });
      }
    }
  }
  return drift;
}
