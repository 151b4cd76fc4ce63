import { afterAll } from 'vitest';
import { removeTempDirsLeft } from './temp-dir';

// A set-up file runs before every test file, even where the files of a worker share their modules (isolate: false,
// vitest.config.ts), so each file gets this hook. Registered before the file's own hooks, it runs after them
// (vitest runs after-hooks in reverse order): once they have closed whatever still used the folders.
afterAll(() => removeTempDirsLeft());
