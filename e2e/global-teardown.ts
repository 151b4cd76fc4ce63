import { rmSync } from 'node:fs';

/**
 * Removes the servers' data folders that playwright.config.ts made in the OS temp folder: E2E_DATA_DIR
 * and its `-journeys` and `-postgres` twins (database, uploads, mail, releases). A folder given in E2E_DATA_DIR by the
 * caller is theirs and stays.
 *
 * Playwright stops the web servers only after the global teardown, so the folders are removed now and
 * once more when the runner exits, in case a server wrote to them while stopping.
 */
export default function globalTeardown(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || process.env.E2E_DATA_DIR_MADE !== '1') return;
  const remove = () => {
    for (const dir of [dataDir, `${dataDir}-journeys`, `${dataDir}-postgres`]) {
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      } catch (error) {
        console.warn(`e2e teardown: could not remove ${dir}: ${(error as Error).message}`);
      }
    }
  };
  remove();
  process.once('exit', remove);
}
