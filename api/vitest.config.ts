import { defineConfig } from 'vitest/config';
import { isolatedTestFiles } from '@beabro/shared/build/vitest-config';

// API tests run against a real database: always PGlite, and PostgreSQL too when TEST_DATABASE_URL
// is set (CI sets it). Each test file gets its own database.
// Said once per run, so a green run on PGlite alone is not mistaken for one on both engines (`pnpm test` says it
// at its start instead: scripts/skipped-tests.mjs).
if (!process.env.TEST_DATABASE_URL && !process.env.SKIPPED_TESTS_SAID) {
  console.warn(
    'TEST_DATABASE_URL is not set: the API tests run on PGlite only (the "postgres" project is skipped). ' +
      'Run them on PostgreSQL too with TEST_DATABASE_URL=postgres://user@host:5432/db (each test file makes its own database).',
  );
}

const common = {
  environment: 'node' as const,
  globals: false,
  hookTimeout: 60_000,
  testTimeout: 30_000,
  // Removes the temp folders (src/testing/temp-dir.ts) each test file left.
  setupFiles: ['./src/testing/setup-temp-dirs.ts'],
};

/**
 * The test files of a worker share one module registry (`isolate: false`): the app's modules load once per run instead
 * of once per file, which takes about a third off the suite. Each file still builds its own app on its own database
 * (src/testing/test-app.ts), so no state is shared through them. A file that replaces a module (`vi.mock`) would
 * replace it for the files after it: such files (found
 * as in the front-end apps, shared/build/vitest-config.mjs) run in the `-isolated` project of each engine.
 */
const isolated = isolatedTestFiles(import.meta.dirname);

function engine(name: 'pglite' | 'postgres', globalSetup: string) {
  const base = { ...common, env: { TEST_DB: name }, globalSetup: [globalSetup] };
  return [
    { test: { ...base, name, isolate: false, include: ['src/**/*.test.ts'], exclude: isolated } },
    ...(isolated.length > 0 ? [{ test: { ...base, name: `${name}-isolated`, include: isolated } }] : []),
  ];
}

export default defineConfig({
  test: {
    projects: [
      ...engine('pglite', './src/testing/pglite-template.ts'),
      ...(process.env.TEST_DATABASE_URL ? engine('postgres', './src/testing/postgres-template.ts') : []),
    ],
  },
});
