import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

/** Removes every folder the current test file made and has not removed (setup-temp-dirs.ts, after each file). */
export function removeTempDirsLeft(): void {
  for (const dir of [...made]) removeTempDir(dir);
}
