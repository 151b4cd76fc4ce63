#!/usr/bin/env node
// The first step of `pnpm test`: says once, before anything runs, which tests this run skips and what to set to run
// them, so a green run is never mistaken for a complete one. The test runners then stay quiet about it
// (SKIPPED_TESTS_SAID=1, which `pnpm test` exports after this script).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNginx, NGINX_MISSING } from '../e2e/find-nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every API test file, relative to the repository. */
function apiTestFiles(dir = path.join(root, 'api', 'src')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return apiTestFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Tests that run on one database engine only (`it.skipIf(process.env.TEST_DB ...)`), with that engine. */
function oneEngineTests() {
  const found = [];
  for (const file of apiTestFiles()) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const match = /skipIf\(process\.env\.TEST_DB (!==|===) 'postgres'\)/.exec(line);
      if (!match) return;
      const name = /['`](.+?)['`]/.exec(
        lines
          .slice(index, index + 3)
          .join(' ')
          .replace(/^.*?skipIf\([^)]*\)\(/, ''),
      );
      found.push({
        where: `${path.relative(root, file)}:${index + 1}`,
        name: name?.[1] ?? '',
        engine: match[1] === '!==' ? 'PostgreSQL' : 'PGlite',
      });
    });
  }
  return found;
}

const skipped = [];
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  skipped.push(
    'the API tests on PostgreSQL, the journeys on PostgreSQL, the cluster journey and cluster.spec.ts: ' +
      'set TEST_DATABASE_URL=postgres://user@host:5432/db to run them (each test file makes its own database there).',
  );
else if (!findNginx()) skipped.push(`the cluster journey and cluster.spec.ts: ${NGINX_MISSING}`);
if (!process.env.STRIPE_TEST_SECRET_KEY || !process.env.STRIPE_TEST_CONNECTED_ACCOUNT)
  skipped.push(
    'the contract tests against live Stripe test mode (api/src/modules/payments/stripe/stripe-contract.test.ts; ' +
      'the same tests run against the Stripe stand-in): set STRIPE_TEST_SECRET_KEY and STRIPE_TEST_CONNECTED_ACCOUNT ' +
      '(docs/going-live.md).',
  );

const oneEngine = oneEngineTests();
if (skipped.length > 0) {
  console.log('This run skips:');
  for (const line of skipped) console.log(`- ${line}`);
}
if (oneEngine.length > 0) {
  console.log(`Tests for one database engine only (skipped on the other${postgres ? '' : ', or not run at all'}):`);
  for (const test of oneEngine) console.log(`- ${test.engine} only: ${test.name} (${test.where})`);
}
