/**
 * The import direction of docs/ARCHITECTURE.md, "Layers", checked on every source file:
 * vscode/ and cli/ -> engine and eval/ -> workspace/, history/, store/, memory/, tuning/ -> core/
 * (tuning/ reads workspace/ and history/ too).
 * Only src/vscode imports 'vscode'; src/core imports nothing from Node or from the layers above it.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const SRC = resolve(__dirname, '../../src');

/** Layer of a source file, by its top folder under src/ ('engine' for files directly in src/: engine.ts, engineApi.ts). */
function layerOf(src: string, file: string): string {
  const rel = relative(src, file).split(/[\\/]/);
  return rel.length === 1 ? 'engine' : rel[0];
}

/** Which layers each layer may import. */
const ALLOWED: Record<string, readonly string[]> = {
  core: ['core'],
  workspace: ['core', 'workspace'],
  history: ['core', 'history'],
  store: ['core', 'store'],
  memory: ['core', 'memory', 'store'],
  tuning: ['core', 'workspace', 'history', 'tuning'],
  engine: ['core', 'workspace', 'history', 'store', 'memory', 'tuning', 'engine'],
  eval: ['core', 'workspace', 'history', 'store', 'memory', 'tuning', 'engine', 'eval'],
  cli: ['core', 'workspace', 'history', 'store', 'memory', 'tuning', 'engine', 'eval', 'cli'],
  vscode: ['core', 'workspace', 'history', 'store', 'memory', 'tuning', 'engine', 'eval', 'vscode'],
};

const NODE_BUILTINS =
  /^(node:)?(fs|path|child_process|os|worker_threads|net|http|https|crypto|url|stream|readline|process|util|zlib|events|module|timers|perf_hooks|v8)(\/.*)?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function importsOf(text: string): string[] {
  const specs: string[] = [];
  const re =
    /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(re)) specs.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return specs;
}

/** Every import of `files` (absolute paths under `src`) that points against the layers, in words. */
function layerViolations(src: string, files: readonly string[], read: (file: string) => string = (f) => readFileSync(f, 'utf8')): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const layer = layerOf(src, file);
    const allowed = ALLOWED[layer];
    if (!allowed) {
      violations.push(`${relative(src, file)}: unknown layer '${layer}' (add it to this test)`);
      continue;
    }
    for (const spec of importsOf(read(file))) {
      if (spec === 'vscode' && layer !== 'vscode') violations.push(`${relative(src, file)} imports 'vscode'`);
      if (layer === 'core' && NODE_BUILTINS.test(spec)) violations.push(`${relative(src, file)} (core) imports Node's '${spec}'`);
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(src)) continue;
      const targetLayer = layerOf(src, target.endsWith('.ts') ? target : target + '.ts');
      if (!allowed.includes(targetLayer)) violations.push(`${relative(src, file)} (${layer}) imports ${spec} (${targetLayer})`);
    }
  }
  return violations;
}

describe('layering', () => {
  const files = sourceFiles(SRC);

  it('finds the source files', () => {
    assert.ok(files.length > 5, `only ${files.length} files under src/`);
  });

  it('imports only point down the layers', () => {
    assert.deepEqual(layerViolations(SRC, files), []);
  });

  it('catches a violation (the checker itself works)', () => {
    // A made-up tree with one breach of each rule, and one allowed import that must pass.
    const src = resolve('/fixture/src');
    const fixture: Record<string, string> = {
      'core/pure.ts': "import { readFileSync } from 'node:fs';\nimport type { Engine } from '../engine';\n",
      'workspace/index.ts': "import * as vscode from 'vscode';\nimport { rank } from '../core/pure';\n",
      'store/db.ts': "const history = require('../history/git');\n",
      'engine.ts': "export { index } from './workspace/index';\n",
      'widgets/x.ts': '',
    };
    const violations = layerViolations(
      src,
      Object.keys(fixture).map((f) => join(src, f)),
      (file) => fixture[relative(src, file).split(/[\\/]/).join('/')],
    );
    assert.deepEqual(violations, [
      "core/pure.ts (core) imports Node's 'node:fs'",
      'core/pure.ts (core) imports ../engine (engine)',
      "workspace/index.ts imports 'vscode'",
      'store/db.ts (store) imports ../history/git (history)',
      "widgets/x.ts: unknown layer 'widgets' (add it to this test)",
    ]);
  });
});
