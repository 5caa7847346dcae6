/**
 * A cold build ranks while it reads: every listed file is a node before any is read, the focus and
 * its folder are read first and their edges go in the graph as they are read, and the graph the
 * build ends with is the same with a focus, without one, and on a rebuild.
 */
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { guessRelativeModule } from '../../../src/workspace/fileReferences';
import { WorkspaceIndex, focusOrder } from '../../../src/workspace/workspaceIndex';
import { FIXTURES, edges, tempWorkspaces } from './helpers';

const FOCUS = 'src/app/main.ts';

/** An app folder whose main file imports a sibling, a file in another folder and a package; far folders read last. */
const FILES: Record<string, string> = {
  [FOCUS]:
    "import { util } from './util.js';\nimport { helper } from '../lib/helper';\nimport { z } from 'zod';\nexport const main = util + helper + z;\n",
  'src/app/util.ts': "import { helper } from '../lib/helper';\nexport const util = helper;\n",
  'src/lib/helper.ts': 'export const helper = 1;\n',
  'src/lib/index.ts': "export * from './helper';\n",
  'far/a/one.ts': "import '../b/two';\n",
  'far/b/two.ts': "import { main } from '../../src/app/main';\nexport const two = main;\n",
  'far/c/three.ts': "export * from '../a/one';\n",
  'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
};

function newIndex(root: string): WorkspaceIndex {
  return new WorkspaceIndex(new DiskSourceHost(root, { noGit: true }));
}

/** Edges and per-file records (mtimes left out: they are the disk's), sorted. */
function snapshot(index: WorkspaceIndex): { edges: string[]; records: string[] } {
  const records = [...index.records()].map((r) => JSON.stringify({ ...r, mtimeMs: 0 })).sort();
  return { edges: edges(index), records };
}

function outgoing(index: WorkspaceIndex, from: string): string[] {
  const id = index.graph.idOf(from);
  return id === undefined
    ? []
    : index.graph
        .outgoingEdges(id)
        .map((e) => e.to)
        .sort();
}

describe('WorkspaceIndex cold build with a focus', () => {
  const workspace = tempWorkspaces('rf-focus-');

  /** A host on the fixture that notes each TS file the build reads (with its stat, as a cold build does) in `read`, then calls `onRead`. */
  function readsRecorded(read: string[], onRead?: () => void): DiskSourceHost {
    const host = new DiskSourceHost(workspace(FILES), { noGit: true });
    const readWithStat = host.readWithStat.bind(host);
    host.readWithStat = (rel, maxBytes) => {
      if (rel.endsWith('.ts')) read.push(rel);
      onRead?.();
      return readWithStat(rel, maxBytes);
    };
    return host;
  }

  it('puts every listed file in the graph before reading any', async () => {
    let atFirstRead: { path: string; files: number; edges: number } | undefined;
    const host = new DiskSourceHost(workspace(FILES), { noGit: true });
    const readWithStat = host.readWithStat.bind(host);
    host.readWithStat = (rel, maxBytes) => {
      // The config files are read before the listing becomes nodes; the first source file after.
      if (rel.endsWith('.ts')) atFirstRead ??= { path: rel, files: index.graph.size, edges: index.graph.edgeCount };
      return readWithStat(rel, maxBytes);
    };
    const index = new WorkspaceIndex(host);
    await index.build({ focus: FOCUS });
    // tsconfig.json is a node too, like any listed text file.
    assert.deepEqual(atFirstRead, { path: FOCUS, files: Object.keys(FILES).length, edges: 0 });
  });

  it('stats no listed file before the focus is read but the config files and the focus itself', async () => {
    const host = new DiskSourceHost(workspace(FILES), { noGit: true });
    const statted: string[] = [];
    let atFocusRead: string[] | undefined;
    const stat = host.stat.bind(host);
    host.stat = (rel) => {
      statted.push(rel);
      return stat(rel);
    };
    // A cold build stats a listed file as it reads it, from the same opening.
    const readWithStat = host.readWithStat.bind(host);
    host.readWithStat = (rel, maxBytes) => {
      statted.push(rel);
      if (rel === FOCUS) atFocusRead ??= [...statted];
      return readWithStat(rel, maxBytes);
    };
    const index = new WorkspaceIndex(host);
    await index.build({ focus: FOCUS });
    assert.deepEqual(atFocusRead, ['tsconfig.json', FOCUS]);
    // Each file's record still holds its size and mtime, as a warm start compares them.
    const record = [...index.records()].find((r) => r.path === 'far/b/two.ts');
    assert.deepEqual([record?.size, record?.mtimeMs], [stat('far/b/two.ts')?.size, stat('far/b/two.ts')?.mtimeMs]);
  });

  it('has the focus relative imports as edges before the rest is read, and says which files are not in yet', async () => {
    const index = newIndex(workspace(FILES));
    const seen: { focusKnown: boolean; focusEdges: string[]; farKnown: boolean[] }[] = [];
    await index.build({
      focus: FOCUS,
      onPartialGraph: () =>
        seen.push({
          focusKnown: index.referencesKnown(FOCUS),
          focusEdges: outgoing(index, FOCUS),
          farKnown: ['far/a/one.ts', 'far/b/two.ts', 'far/c/three.ts'].map((f) => index.referencesKnown(f)),
        }),
    });
    assert.ok(seen.length > 0, 'no partial graph was reported');
    // './util.js' names util.ts; the package import waits for the resolver.
    assert.deepEqual(seen[0], { focusKnown: true, focusEdges: ['src/app/util.ts', 'src/lib/helper.ts'], farKnown: [false, false, false] });
    assert.ok(index.referencesKnown('far/b/two.ts'), 'after the build every file is known');
  });

  it('reads a new focus next when the active file changes while it reads', async () => {
    const read: string[] = [];
    const host = readsRecorded(read, () => read.length === 1 && index.refocus(FOCUS)); // the first file read: the listing's first
    const index = new WorkspaceIndex(host);
    const atPartial: string[][] = [];
    await index.build({ onPartialGraph: () => atPartial.push([...read]) });
    assert.deepEqual(read.slice(1, 3), [FOCUS, 'src/app/util.ts']);
    assert.deepEqual(atPartial.slice(0, 2), [read.slice(0, 2), read.slice(0, 3)], 'the listener hears once the new focus is in, then its folder');
  });

  it('reads first a focus given after the listed files became nodes but before the reading began', async () => {
    const read: string[] = [];
    const index = new WorkspaceIndex(readsRecorded(read));
    await index.build({ onListed: () => index.refocus(FOCUS) });
    assert.deepEqual(read.slice(0, 2), [FOCUS, 'src/app/util.ts']);
  });

  it('ends with the same graph and records with a focus, without one, and on a rebuild', async () => {
    const generated = {
      ...FILES,
      // Listed as a candidate, skipped once read: an import that named it must not keep the edge.
      'src/lib/gen.ts': '// @generated by a tool\nexport const gen = 1;\n',
      'src/lib/uses-gen.ts': "import { gen } from './gen';\nexport const g = gen;\n",
      'docs/guide.md': '[main](../src/app/main.ts) and [util](../src/app/util.ts)\n',
      'src/app/view.vue': '<script setup lang="ts">\nimport { main } from \'./main\';\n</script>\n<template><div /></template>\n',
    };
    const roots = [workspace(generated), join(FIXTURES, 'workspace-monorepo'), join(FIXTURES, 'languages')];
    for (const root of roots) {
      const plain = newIndex(root);
      await plain.build();
      const files = plain.graph.files();
      const focused = newIndex(root);
      await focused.build({ focus: files.includes(FOCUS) ? FOCUS : files[Math.floor(files.length / 2)] });
      const rebuilt = newIndex(root);
      await rebuilt.build();
      await rebuilt.build();
      const expected = snapshot(rebuilt);
      assert.ok(expected.edges.length > 0, `${root}: the fixture has edges`);
      assert.deepEqual(snapshot(plain), expected, `${root}: without a focus`);
      assert.deepEqual(snapshot(focused), expected, `${root}: with a focus`);
    }
  });
});

describe('focusOrder', () => {
  it('reads the focus, then its folder, then the rest by shared folders, in listing order otherwise', () => {
    const files = ['z.ts', 'a/x/deep.ts', 'b/c.ts', 'a/b/sub/s.ts', 'a/b/one.ts', 'a/b/focus.ts', 'a/other.ts', 'a/b/two.ts'].map((path) => ({
      path,
    }));
    assert.deepEqual(
      focusOrder(files, 'a/b/focus.ts').map((f) => f.path),
      ['a/b/focus.ts', 'a/b/one.ts', 'a/b/two.ts', 'a/b/sub/s.ts', 'a/x/deep.ts', 'a/other.ts', 'z.ts', 'b/c.ts'],
    );
  });
});

describe('guessRelativeModule', () => {
  const listed = new Set(['src/a.ts', 'src/b/index.tsx', 'src/c.js', 'src/style.css', 'src/d.mts']);
  const guess = (specifier: string) => guessRelativeModule('src/main.ts', specifier, (p) => listed.has(p));

  it('names the TypeScript source of a script name, a file by its extensionless name, or a folder index', () => {
    assert.equal(guess('./a.js'), 'src/a.ts');
    assert.equal(guess('./a'), 'src/a.ts');
    assert.equal(guess('./b'), 'src/b/index.tsx');
    assert.equal(guess('./c.js'), 'src/c.js');
    assert.equal(guess('./d.mjs'), 'src/d.mts');
    assert.equal(guess('./style.css?inline'), 'src/style.css');
  });

  it('leaves bare specifiers and missing files to the resolver', () => {
    assert.equal(guess('zod'), undefined);
    assert.equal(guess('@/a'), undefined);
    assert.equal(guess('./missing'), undefined);
  });
});
