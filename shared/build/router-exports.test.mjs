import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as reactRouterDom from 'react-router-dom';
import { ROUTER_EXPORTS } from './router-exports.mjs';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(file);
    return /\.(tsx?|mjs|js)$/.test(name) ? [file] : [];
  });
}

/** Names imported (as values, not types) from react-router-dom anywhere in the shell, the remotes and shared. */
function importedRouterNames() {
  const apps = readdirSync(root).filter((name) => name === 'shell' || name === 'shared' || name.startsWith('mf-'));
  const names = new Map();
  for (const app of apps) {
    for (const file of sourceFiles(path.join(root, app, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, clause] of text.matchAll(/import\s+(?!type\s)\{([^}]*)\}\s+from\s+'react-router-dom'/g)) {
        for (const part of clause.split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim();
          if (name && !name.startsWith('type ')) names.set(name, path.relative(root, file));
        }
      }
    }
  }
  return names;
}

describe('the react-router-dom module in the share scope', () => {
  it('provides everything the workspace imports from react-router-dom', () => {
    const missing = [...importedRouterNames()]
      .filter(([name]) => !ROUTER_EXPORTS.includes(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists only real exports of react-router-dom', () => {
    expect(ROUTER_EXPORTS.filter((name) => !(name in reactRouterDom))).toEqual([]);
  });
});
