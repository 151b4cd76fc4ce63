// A database handle that breaks for chosen rows (used by tests only): proves a job's loop takes each item on its own.
import type { Db } from '../db/database';

/** The first of `ids` that the values of an insert name (in any string of them), if any. */
function poisonIn(values: unknown, ids: ReadonlySet<string>): string | undefined {
  const text = JSON.stringify(values) ?? '';
  for (const id of ids) if (text.includes(id)) return id;
  return undefined;
}

/** An insert builder whose `values(...)` throws when the rows name a poisoned id. */
function poisonedInsert(builder: object, ids: ReadonlySet<string>): object {
  return new Proxy(builder, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'values' || typeof value !== 'function') return value;
      return (rows: unknown): unknown => {
        const id = poisonIn(rows, ids);
        if (id !== undefined) throw new Error(`insert refused: ${id} is poisoned`);
        return Reflect.apply(value, target, [rows]);
      };
    },
  });
}

/**
 * `db`, but an insert (directly or in a transaction) whose rows name one of `poisoned` (a creator's id in an email's
 * dedupe key, a post's id in its deliveries ...) throws; everything else goes through unchanged. `poisoned` is read at
 * each insert, so a test can cure an item by deleting it from the set.
 */
export function poisonedDb(db: Db, poisoned: ReadonlySet<string>): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (key === 'insert')
        return (...args: unknown[]): unknown => poisonedInsert(Reflect.apply(value, target, args) as object, poisoned);
      if (key === 'transaction')
        return (run: (tx: Db) => Promise<unknown>, ...rest: unknown[]): unknown =>
          Reflect.apply(value, target, [(tx: Db) => run(poisonedDb(tx, poisoned)), ...rest]);
      return value;
    },
  });
}
