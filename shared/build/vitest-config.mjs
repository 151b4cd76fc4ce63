// The vitest config of every front-end app (shared, the shell, each remote): a test file pays for jsdom only
// when it uses a DOM. Each app's vitest.config.ts is `defineConfig(frontEndTestConfig(import.meta.dirname))`;
// the types are in vitest-config.d.mts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'coverage']);

/**
 * A test file needs a DOM when it renders (Testing Library), names a browser global, or says so with a
 * `// @vitest-environment jsdom` line (for a file whose code under test touches the DOM without the test naming
 * it). Every other file runs in plain Node, where touching `document`, `window` or storage throws a
 * ReferenceError: a DOM-free file cannot quietly come to depend on jsdom.
 */
const USES_DOM =
  /@testing-library\/(react|user-event|dom)|@vitest-environment jsdom|\b(document|window|localStorage|sessionStorage|navigator|location|HTMLElement|customElements|MutationObserver|ResizeObserver|IntersectionObserver|matchMedia)\b/;

/** @param {string} dir @returns {string[]} */
function testFilesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(file);
    return TEST_FILE.test(entry.name) ? [file] : [];
  });
}

/** The test files of an app that need a DOM, relative to the app's folder (vitest's include patterns). */
export function domTestFiles(appDir) {
  return testFilesUnder(appDir)
    .filter((file) => USES_DOM.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(appDir, file).split(path.sep).join('/'))
    .sort();
}

const SETUP_TESTS = path.join(import.meta.dirname, '../src/testing/setup-tests.ts');
/** The msw server (API mock) of every test file, DOM or not. */
const SETUP_MSW = path.join(import.meta.dirname, '../src/testing/setup-msw.ts');

/**
 * Two vitest projects in one run: `dom` (jsdom, Testing Library's matchers and clean-up) for the files that use a
 * DOM, `node` for the rest. On a busy 2-core machine a jsdom environment costs seconds per file; most of shared's
 * files (schemas, API calls, formatters) need none.
 */
export function frontEndTestConfig(appDir) {
  const dom = domTestFiles(appDir);
  // A first render on a busy machine takes longer than vitest's 5 s default; waiting longer only delays a failure.
  const common = { globals: true, testTimeout: 30_000 };
  return {
    esbuild: { jsx: 'automatic', jsxImportSource: '@emotion/react' },
    test: {
      projects: [
        {
          extends: true,
          test: { ...common, name: 'dom', environment: 'jsdom', include: dom, setupFiles: [SETUP_MSW, SETUP_TESTS] },
        },
        {
          extends: true,
          test: {
            ...common,
            name: 'node',
            environment: 'node',
            include: ['**/*.test.?(c|m)[jt]s?(x)'],
            exclude: [...dom, '**/node_modules/**', '**/dist/**'],
            setupFiles: [SETUP_MSW],
          },
        },
      ],
    },
  };
}
