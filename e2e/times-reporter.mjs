// A Playwright reporter that keeps where the end-to-end run's time went: the whole run, and each spec file's
// tests (their summed durations per project), written to test-results/e2e-times.json at the repository's root.
// `pnpm test` (scripts/test-command.mjs) puts it in its timing record; docs/testing.md's table is generated from that.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default class TimesReporter {
  /** "project file" -> { project, file, tests, seconds } */
  files = new Map();
  started = Date.now();

  onTestEnd(test, result) {
    const project = test.parent.project()?.name ?? '';
    const file = path.relative(path.join(root, 'e2e'), test.location.file);
    const key = `${project} ${file}`;
    const row = this.files.get(key) ?? { project, file, tests: 0, seconds: 0 };
    row.tests += 1;
    row.seconds += result.duration / 1000;
    this.files.set(key, row);
  }

  onEnd(result) {
    const specs = [...this.files.values()]
      .map((r) => ({ ...r, seconds: Math.round(r.seconds) }))
      .sort((a, b) => b.seconds - a.seconds);
    const out = path.join(root, 'test-results', 'e2e-times.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify({ writtenAt: new Date().toISOString(), status: result.status, seconds: Math.round(result.duration / 1000), specs }, null, 2)}\n`,
    );
  }

  printsToStdio() {
    return false;
  }
}
