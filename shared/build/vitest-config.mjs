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

/**
 * A test file that replaces a module (`vi.mock`, `vi.doMock`) needs a module registry of its own: the other files of
 * a worker share one (`isolate: false`), so a replaced module would stay replaced for the files after it.
 */
const MOCKS_A_MODULE = /\bvi\.(do)?[mM]ock\(/;

const relative = (appDir, file) => path.relative(appDir, file).split(path.sep).join('/');

/** The test files of an app whose source matches `pattern`, relative to the app's folder (vitest's include patterns). */
function testFilesMatching(appDir, pattern) {
  return testFilesUnder(appDir)
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => relative(appDir, file))
    .sort();
}

/** The test files of an app that need a DOM, relative to the app's folder (vitest's include patterns). */
export function domTestFiles(appDir) {
  return testFilesMatching(appDir, USES_DOM);
}

/** The test files of an app that replace a module (vi.mock), relative to the app's folder. */
export function isolatedTestFiles(appDir) {
  return testFilesMatching(appDir, MOCKS_A_MODULE);
}

const SETUP_TESTS = path.join(import.meta.dirname, '../src/testing/setup-tests.ts');
/** The msw server (API mock) of every test file, DOM or not. */
const SETUP_MSW = path.join(import.meta.dirname, '../src/testing/setup-msw.ts');

/**
 * Vitest projects in one run: `dom` (jsdom, Testing Library's matchers and clean-up) for the files that use a DOM,
 * `node` for the rest. On a busy 2-core machine a jsdom environment costs seconds per file; most of shared's files
 * (schemas, API calls, formatters) need none. The files of a worker share one module registry and one environment
 * (`isolate: false`: modules load once per run, not once per file, about a third off an app's tests); Testing
 * Library unmounts after each test and msw forgets each test's handlers. A file that calls `vi.mock` runs in
 * `dom-isolated` or `node-isolated`, with a registry of its own.
 */
export function frontEndTestConfig(appDir) {
  const dom = domTestFiles(appDir);
  const isolated = isolatedTestFiles(appDir);
  // A first render on a busy machine takes longer than vitest's 5 s default; waiting longer only delays a failure.
  const common = { globals: true, testTimeout: 30_000 };
  const domProject = { ...common, environment: 'jsdom', setupFiles: [SETUP_MSW, SETUP_TESTS] };
  const nodeProject = { ...common, environment: 'node', setupFiles: [SETUP_MSW] };
  const shared = dom.filter((file) => !isolated.includes(file));
  const projects = [
    { extends: true, test: { ...domProject, name: 'dom', isolate: false, include: shared } },
    {
      extends: true,
      test: {
        ...nodeProject,
        name: 'node',
        isolate: false,
        include: ['**/*.test.?(c|m)[jt]s?(x)'],
        exclude: [...dom, ...isolated, '**/node_modules/**', '**/dist/**'],
      },
    },
  ];
  const domIsolated = isolated.filter((file) => dom.includes(file));
  const nodeIsolated = isolated.filter((file) => !dom.includes(file));
  if (domIsolated.length > 0)
    projects.push({ extends: true, test: { ...domProject, name: 'dom-isolated', include: domIsolated } });
  if (nodeIsolated.length > 0)
    projects.push({ extends: true, test: { ...nodeProject, name: 'node-isolated', include: nodeIsolated } });
  return {
    esbuild: { jsx: 'automatic', jsxImportSource: '@emotion/react' },
    test: { projects },
  };
}
