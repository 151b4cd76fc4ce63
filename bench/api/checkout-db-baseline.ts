// The database's own limit for a checkout's writes, the baseline of bench/api/checkout.ts: the rows one real
// checkout left in PostgreSQL (the support, its ledger entries, the payment, the outbox rows, webhook events,
// rate-limit rows: whatever it wrote, found by comparing every table before and after it) are written again by
// N clients straight through the same driver, one transaction per checkout, with the same triggers firing
// (rollups, counters). New ids and unique values are made fresh for every copy; values the checkout found
// (the creator, their tiers) stay. The provider's own tables (the sandbox's) are left out: with a real provider
// those writes happen at the provider. A row the checkout inserted and then updated is written once, in its
// final state, and rows that existed and were only updated are left out (their triggers run again), so the
// baseline does slightly less than the checkout did: the ratio leans against the API.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

type Row = Record<string, unknown>;
type Client = InstanceType<typeof pg.Client>;
type Snapshot = Map<string, Set<string>>;

interface ColumnInfo {
  name: string;
  /** Written by the database itself (serial or identity defaults, generated columns): left to it. */
  own: boolean;
  unique: boolean;
  /** text, character varying or uuid: the only columns whose values are renamed. */
  textual: boolean;
}

export interface CapturedCheckout {
  /** Insert order (a table after those it references). */
  tables: { name: string; columns: ColumnInfo[]; rows: Row[] }[];
  /** Values in the new rows that the database already held before the checkout: kept as they are. */
  existing: Set<string>;
  /** Keys of rows the database's functions inserted: a copy leaves them null for its triggers to fill in. */
  madeByTriggers: Set<string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]+$/i;

async function userTables(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'
      order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** Every row of every table, as JSON text (a fresh benchmark database holds a few hundred rows). */
export async function snapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Snapshot = new Map();
    for (const table of await userTables(client)) {
      const { rows } = await client.query<{ row: string }>(`select row_to_json(t)::text as row from "${table}" t`);
      result.set(table, new Set(rows.map((r) => r.row)));
    }
    return result;
  } finally {
    await client.end();
  }
}

function collectStrings(value: unknown, into: Set<string>) {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => collectStrings(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => collectStrings(v, into));
}

/** What the checkout between the two snapshots wrote, ready to be written again. */
export async function captureCheckout(url: string, before: Snapshot, after: Snapshot): Promise<CapturedCheckout> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Tables the database's own functions insert into (the triggers and what they call: rollups): the copies'
    // triggers write them again. (Rows they only update existed before the checkout, and are skipped below.)
    const { rows: triggerSources } = await client.query<{ source: string }>(
      `select p.prosrc as source from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
    );
    const triggerWritten = new Set<string>();
    for (const { source } of triggerSources)
      for (const match of source.matchAll(/insert\s+into\s+(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi))
        triggerWritten.add((match[1] ?? '').toLowerCase());
    const added = new Map<string, Row[]>();
    const madeByTriggers = new Set<string>();
    for (const [table, rows] of after) {
      if (table.startsWith('sandbox')) continue;
      const old = before.get(table) ?? new Set();
      const { rows: keyColumns } = await client.query<{ name: string }>(
        `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = $1::regclass and i.indisprimary`,
        [`"${table}"`],
      );
      const keyOf = (row: Row) => JSON.stringify(keyColumns.map((column) => row[column.name]));
      const oldKeys = new Set([...old].map((row) => keyOf(JSON.parse(row) as Row)));
      // Only rows the checkout inserted: a changed row of an existing key was an update.
      const fresh = [...rows]
        .filter((row) => !old.has(row))
        .map((row) => JSON.parse(row) as Row)
        .filter((row) => keyColumns.length === 0 || !oldKeys.has(keyOf(row)));
      if (triggerWritten.has(table)) {
        // A row's own id (a single-column key), not the parts of a composite one (a creator and a day).
        const [idColumn, ...more] = keyColumns;
        for (const row of fresh) {
          const key = idColumn && more.length === 0 ? row[idColumn.name] : undefined;
          if (typeof key === 'string' && UUID.test(key)) madeByTriggers.add(key);
        }
      } else if (fresh.length > 0) added.set(table, fresh);
    }
    const names = [...added.keys()];
    const { rows: references } = await client.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
         from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text = any($1)`,
      [names],
    );
    // Parents first (references to tables the checkout did not write to are already satisfied).
    const order: string[] = [];
    const visit = (table: string, path: Set<string>) => {
      if (order.includes(table) || path.has(table)) return;
      path.add(table);
      for (const { child, parent } of references) {
        if (child.replace(/"/g, '') === table && added.has(parent.replace(/"/g, '')) && parent !== child)
          visit(parent.replace(/"/g, ''), path);
      }
      order.push(table);
    };
    names.forEach((table) => visit(table, new Set()));

    const tables = [];
    for (const name of order) {
      const { rows: columns } = await client.query<ColumnInfo>(
        `select a.attname as name,
                (a.attgenerated <> '' or a.attidentity <> ''
                  or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as own,
                exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisunique
                          and a.attnum = any(i.indkey)) as unique,
                format_type(a.atttypid, null) in ('text', 'character varying', 'uuid') as textual
           from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
          order by a.attnum`,
        [`"${name}"`],
      );
      tables.push({ name, columns, rows: added.get(name) ?? [] });
    }
    const existing = new Set<string>();
    for (const rows of before.values()) for (const row of rows) collectStrings(JSON.parse(row), existing);
    return { tables, existing, madeByTriggers };
  } finally {
    await client.end();
  }
}

/** A fresh value of the same form: a new UUID for a UUID, new hex of the same length, else a suffix. */
function freshLike(value: string): string {
  if (UUID.test(value)) return randomUUID();
  // Every checkout of the load is a new guest: so is every copy.
  if (value.includes('@')) return `${randomBytes(6).toString('hex')}.${value}`;
  if (HEX.test(value) && value.length >= 16)
    return randomBytes(Math.ceil(value.length / 2))
      .toString('hex')
      .slice(0, value.length);
  return `${value}-${randomBytes(6).toString('hex')}`;
}

/** The statements of one copy of the checkout, with its own fresh ids (one map per copy: references stay whole). */
export function copyStatements(captured: CapturedCheckout): { text: string; values: unknown[] }[] {
  const renamed = new Map<string, string>();
  const rename = (value: string) => {
    let fresh = renamed.get(value);
    if (fresh === undefined) renamed.set(value, (fresh = freshLike(value)));
    return fresh;
  };
  const statements = [];
  for (const table of captured.tables) {
    const columns = table.columns.filter((column) => !column.own);
    for (const row of table.rows) {
      const copy: Row = {};
      for (const column of columns) {
        const value = row[column.name];
        if (typeof value === 'string' && !captured.existing.has(value) && captured.madeByTriggers.has(value)) {
          copy[column.name] = null;
          continue;
        }
        const mustChange =
          column.textual &&
          typeof value === 'string' &&
          !captured.existing.has(value) &&
          (column.unique || UUID.test(value) || value.includes('@'));
        copy[column.name] = mustChange ? rename(value) : value;
      }
      const list = columns.map((column) => `"${column.name}"`).join(', ');
      statements.push({
        text: `insert into "${table.name}" (${list}) select ${list} from json_populate_record(null::"${table.name}", $1::json)`,
        values: [JSON.stringify(copy)],
      });
    }
  }
  return statements;
}

export interface BaselineRun {
  perSecond: number;
  p50: number;
  p99: number;
  transactions: number;
  rowsPerTransaction: number;
  tables: string[];
}

/** `clients` connections writing copies of the checkout in transactions for `seconds` (after one copy each). */
export async function runBaseline(
  url: string,
  captured: CapturedCheckout,
  { clients, seconds }: { clients: number; seconds: number },
): Promise<BaselineRun> {
  const pool = new pg.Pool({ connectionString: url, max: clients });
  // The throwaway database is dropped (WITH FORCE) when the run ends: a connection it cuts must not end the run.
  pool.on('error', () => {});
  const latencies: number[] = [];
  const copyOnce = async (record: boolean) => {
    const statements = copyStatements(captured);
    const started = performance.now();
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const statement of statements) await client.query(statement.text, statement.values);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    if (record) latencies.push(performance.now() - started);
  };
  try {
    await Promise.all(Array.from({ length: clients }, () => copyOnce(false)));
    const startedAt = performance.now();
    const deadline = startedAt + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) await copyOnce(true);
      }),
    );
    const elapsed = (performance.now() - startedAt) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
    return {
      perSecond: latencies.length / elapsed,
      p50: at(50),
      p99: at(99),
      transactions: latencies.length,
      rowsPerTransaction: captured.tables.reduce((sum, table) => sum + table.rows.length, 0),
      tables: captured.tables.map((table) => `${table.name} x ${table.rows.length}`),
    };
  } finally {
    await pool.end();
  }
}
