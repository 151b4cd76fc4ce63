import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** Folders made by the current test file and not removed yet. */
const made = new Set<string>();

/**
 * A new empty folder in the OS temp folder (`beabro-<prefix>-XXXXXX`), removed at the latest when the test
 * file that made it ends: a run must not leave data, sites or mail behind.
 */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `beabro-${prefix}-`));
  made.add(dir);
  return dir;
}

/** Removes a folder made by makeTempDir now (idempotent). */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.delete(dir);
}

// Registered while the test file imports this module (each file imports its modules afresh), so it runs
// after that file's own afterAll hooks have closed whatever still used the folders.
afterAll(() => {
  for (const dir of [...made]) removeTempDir(dir);
});
