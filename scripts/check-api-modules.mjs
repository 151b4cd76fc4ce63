#!/usr/bin/env node
// The API's module rules, checked over every import of its product code (tests and test helpers aside):
//  1. no cycle between units, nor between files: each folder of api/src/modules is one unit (a subfolder belongs to its module), and so
//     is each other folder of api/src (lib, config, db, routes, seed, ...) and each file of plugins/; the files at api/src's top are the
//     composition root ("app": app.ts, server.ts, ...);
//  2. the foundation (config, lib, db) imports no module, plugin, route or the root;
//  3. nothing imports the composition root or a command (an entry point: `*-command.ts`).
// The allowed directions are written in docs/architecture.md ("Module rules"). Run by `pnpm lint`; exit 1 on a
// violation, naming the files. `node scripts/check-api-modules.mjs --graph` prints the module graph.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'api', 'src');
const FOUNDATION = new Set(['config', 'lib', 'db']);
/** Test code: tests, their helpers, the test-only folders. */
const isTestCode = (rel) =>
  /\.test\.tsx?$/.test(rel) ||
  /-test-factories\.ts$/.test(rel) ||
  /(^|\/)fake-[^/]+\.ts$/.test(rel) ||
  /^(testing|security|security-tests)\//.test(rel);

function unitOf(rel) {
  const parts = rel.split('/');
  if (parts.length === 1) return 'app';
  // A command (`pnpm --filter api jobs`, ...) is an entry point of its own, like server.ts.
  if (/-command\.ts$/.test(rel)) return `command:${parts.at(-1).replace(/\.ts$/, '')}`;
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  // Each HTTP plugin stands alone: route files import session-auth, and openapi or static-site import modules.
  if (parts[0] === 'plugins') return rel.replace(/\.tsx?$/, '');
  return parts[0];
}

const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(ts|tsx|mjs)$/.test(entry)) files.push(path.relative(root, full).split(path.sep).join('/'));
  }
})(root);

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|[;\s])import\s*['"](\.[^'"]+)['"]/g;
function resolve(fromRel, spec) {
  const base = path.resolve(root, path.dirname(fromRel), spec).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return path.relative(root, candidate).split(path.sep).join('/');
  }
  return null;
}

/** unit -> unit -> the files that make the edge */
const edges = new Map();
/** file -> the files it imports (product code only), for cycles between files of one unit */
const fileEdges = new Map();
const problems = [];
for (const rel of files) {
  if (isTestCode(rel)) continue;
  const from = unitOf(rel);
  const source = readFileSync(path.join(root, rel), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  for (const match of source.matchAll(IMPORT)) {
    const target = resolve(rel, match[1] ?? match[2] ?? match[3]);
    if (!target || !target.startsWith('') || target.startsWith('..')) continue;
    const to = unitOf(target);
    if (!fileEdges.has(rel)) fileEdges.set(rel, new Set());
    fileEdges.get(rel).add(target);
    if (isTestCode(target)) problems.push(`${rel} imports test code ${target}`);
    if (from === to) continue;
    if (FOUNDATION.has(from) && !FOUNDATION.has(to)) problems.push(`${rel} (foundation: ${from}) imports ${target}`);
    if (to === 'app' || to.startsWith('command:')) problems.push(`${rel} imports the composition root ${target}`);
    if (!edges.has(from)) edges.set(from, new Map());
    const byTarget = edges.get(from);
    if (!byTarget.has(to)) byTarget.set(to, []);
    byTarget.get(to).push(rel);
  }
}

/** Tarjan's strongly connected components of more than one node. */
function cyclesOf(nodes, next) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indexOf = new Map();
  const low = new Map();
  const found = [];
  function connect(v) {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  }
  for (const node of nodes) if (!indexOf.has(node)) connect(node);
  return found;
}

const units = [...new Set(files.filter((f) => !isTestCode(f)).map(unitOf))].sort();
const cycles = cyclesOf(units, (unit) => edges.get(unit)?.keys() ?? []);
for (const component of cyclesOf([...fileEdges.keys()], (file) => fileEdges.get(file) ?? [])) {
  problems.push(`a cycle between ${component.length} files: ${component.join(', ')}`);
}

if (process.argv.includes('--graph')) {
  for (const unit of units)
    console.log(`${unit} -> ${[...(edges.get(unit)?.keys() ?? [])].sort().join(', ') || '(nothing)'}`);
}
for (const component of cycles) {
  const members = new Set(component);
  const lines = component.flatMap((a) =>
    [...(edges.get(a) ?? [])]
      .filter(([b]) => members.has(b))
      .map(([b, via]) => `    ${a} -> ${b} (${[...new Set(via)].slice(0, 3).join(', ')})`),
  );
  problems.push(`a cycle between ${component.length} API units: ${component.join(', ')}\n${lines.join('\n')}`);
}
if (problems.length > 0) {
  console.error(`API module rules (docs/architecture.md#module-rules): ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`API module rules: ${units.length} units, no cycle, foundation and root kept apart.`);
