// `pnpm --filter api db:functions <name>`: after a file in src/db/sql/ changed (or was added), writes the migration
// that brings every database to it: migrates an in-memory database, finds the files that disagree with it, and
// writes them into the next numbered migration in drizzle/ with its journal entry (README.md in src/db/sql/).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER, migrateDatabase, openPglite } from './database';
import { findSqlFunctionDrift, readSqlFunctionFiles } from './sql-functions';

interface Journal {
  entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
}

const name = process.argv[2];
const database = await openPglite(null);
try {
  await migrateDatabase(database);
  const files = readSqlFunctionFiles();
  const drift = await findSqlFunctionDrift(database.db, files);
  const unfixable = drift.filter(
    (d) => d.problem === 'no file' || d.problem === 'overloaded' || d.problem === 'not its function',
  );
  for (const d of unfixable) console.error(`${d.name}: ${d.detail}`);
  if (unfixable.length > 0) {
    console.error(
      'Every function needs its file in src/db/sql/ (named after it), and one function per name. To drop a function ' +
        '(or an old signature), delete its file (or keep the new signature) and drop it in a migration of its own.',
    );
    process.exitCode = 1;
  } else {
    const changed = files.filter((file) => drift.some((d) => d.name === file.name));
    if (changed.length === 0) {
      console.info('The migrations already define every function as its file in src/db/sql/ does: nothing to write.');
    } else if (!name || !/^[a-z0-9_]+$/.test(name)) {
      for (const d of drift) console.info(`${d.name}: ${d.detail}`);
      console.error('Name the migration: pnpm --filter api db:functions <snake_case_name>');
      process.exitCode = 1;
    } else {
      const journalFile = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
      const last = journal.entries.at(-1);
      if (!last) throw new Error('The migration journal is empty.');
      const numbers = readdirSync(MIGRATIONS_FOLDER).map((file) => Number(/^(\d{4})_.*\.sql$/.exec(file)?.[1] ?? -1));
      const tag = `${String(Math.max(...numbers) + 1).padStart(4, '0')}_${name}`;
      const sqlText =
        '-- The functions whose files in api/src/db/sql/ changed (written by `pnpm --filter api db:functions`).\n' +
        changed.map((file) => file.text.trim() + '\n').join('--> statement-breakpoint\n');
      writeFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), sqlText);
      // Later than every applied migration, or the migrator would skip it on existing databases.
      journal.entries.push({
        idx: last.idx + 1,
        version: last.version,
        when: Math.max(Date.now(), last.when + 1),
        tag,
        breakpoints: true,
      });
      writeFileSync(journalFile, JSON.stringify(journal, null, 2));
      console.info(`Wrote drizzle/${tag}.sql with ${changed.map((file) => file.name).join(', ')}.`);
      for (const d of drift.filter((d) => /^(does not apply|would add)/.test(d.detail))) {
        console.warn(
          `${d.name} ${d.detail}: a new result type, argument names or arguments need the old function dropped ` +
            'first: add DROP FUNCTION (and recreate its triggers) at the top of the migration.',
        );
      }
    }
  }
} finally {
  await database.close();
}
