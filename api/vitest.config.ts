import { defineConfig } from 'vitest/config';

// API tests run against a real database: always PGlite, and PostgreSQL too when TEST_DATABASE_URL
// is set (CI sets it). Each test file gets its own database.
if (!process.env.TEST_DATABASE_URL) {
  // Said once per run, so a green run on PGlite alone is not mistaken for one on both engines.
  console.warn(
    'TEST_DATABASE_URL is not set: the API tests run on PGlite only (the "postgres" project is skipped). ' +
      'Run them on PostgreSQL too with TEST_DATABASE_URL=postgres://user@host:5432/db (each test file makes its own database).',
  );
}

const common = { environment: 'node' as const, globals: false, hookTimeout: 60_000, testTimeout: 30_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: 'pglite',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['./src/testing/pglite-template.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...common, name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
