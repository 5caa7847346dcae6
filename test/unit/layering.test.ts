/**
 * The import direction of docs/ARCHITECTURE.md, "Layers", checked on every source file:
 * vscode/ and cli/ -> engine and eval/ -> workspace/, history/, store/, memory/ -> core/.
 * Only src/vscode imports 'vscode'; src/core imports nothing from Node or from the layers above it.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const SRC = resolve(__dirname, '../../src');

/** Layer of a source file, by its top folder under src/ ('engine' for files directly in src/: engine.ts, engineApi.ts). */
function layerOf(file: string): string {
  const rel = relative(SRC, file).split(/[\\/]/);
  return rel.length === 1 ? 'engine' : rel[0];
}

/** Which layers each layer may import. */
const ALLOWED: Record<string, readonly string[]> = {
  core: ['core'],
  workspace: ['core', 'workspace'],
  history: ['core', 'history'],
  store: ['core', 'store'],
  memory: ['core', 'memory', 'store'],
  engine: ['core', 'workspace', 'history', 'store', 'memory', 'engine'],
  eval: ['core', 'workspace', 'history', 'store', 'memory', 'engine', 'eval'],
  cli: ['core', 'workspace', 'history', 'store', 'memory', 'engine', 'eval', 'cli'],
  vscode: ['core', 'workspace', 'history', 'store', 'memory', 'engine', 'eval', 'vscode'],
};

const NODE_BUILTINS =
  /^(node:)?(fs|path|child_process|os|worker_threads|net|http|https|crypto|url|stream|readline|process|util|zlib|events|module|timers|perf_hooks|v8)(\/.*)?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs: string[] = [];
  const re =
    /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(re)) specs.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return specs;
}

describe('layering', () => {
  const files = sourceFiles(SRC);

  it('finds the source files', () => {
    assert.ok(files.length > 5, `only ${files.length} files under src/`);
  });

  it('imports only point down the layers', () => {
    const violations: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      const allowed = ALLOWED[layer];
      if (!allowed) {
        violations.push(`${relative(SRC, file)}: unknown layer '${layer}' (add it to docs/ARCHITECTURE.md and this test)`);
        continue;
      }
      for (const spec of importsOf(file)) {
        if (spec === 'vscode' && layer !== 'vscode') violations.push(`${relative(SRC, file)} imports 'vscode'`);
        if (layer === 'core' && NODE_BUILTINS.test(spec)) violations.push(`${relative(SRC, file)} (core) imports Node's '${spec}'`);
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(SRC)) continue;
        const targetLayer = layerOf(target.endsWith('.ts') ? target : target + '.ts');
        if (!allowed.includes(targetLayer)) violations.push(`${relative(SRC, file)} (${layer}) imports ${spec} (${targetLayer})`);
      }
    }
    assert.deepEqual(violations, []);
  });

  it('catches a violation (the checker itself works)', () => {
    assert.deepEqual(importsOf(__filename).includes('node:fs'), true);
  });
});
