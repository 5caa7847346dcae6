/**
 * No import cycles under src/: a cycle makes load order matter (a module may see another's exports
 * before they are defined) and means two files are one unit split in two. Type-only imports count
 * too: they are erased at run time, but a type cycle is the same design knot.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ts } from 'ts-morph';

const SRC = resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Relative imports (static, dynamic, type-only, re-exports) of one file that name another file under src/. */
function localImports(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    const base = resolve(dirname(file), ref.fileName);
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((p) => existsSync(p) && statSync(p).isFile());
    if (found) targets.push(relative(SRC, found));
  }
  return targets;
}

/** Every elementary cycle reachable by depth-first search, each reported once from its smallest member. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(rotated.join(' -> '), rotated);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

describe('import cycles', () => {
  it('src/ has none', () => {
    const graph = new Map(sourceFiles(SRC).map((f) => [relative(SRC, f), localImports(f)] as const));
    assert.ok(graph.size > 5, `only ${graph.size} files under src/`);
    const cycles = findCycles(graph).map((c) => [...c, c[0]].join(' -> '));
    assert.deepEqual(cycles, []);
  });

  it('the checker finds a cycle of three and ignores a diamond', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b', 'c']],
      ['b', ['d']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['b']],
    ]);
    assert.deepEqual(findCycles(graph), [['b', 'd', 'e']]);
    assert.deepEqual(
      findCycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
      [],
    );
  });
});
