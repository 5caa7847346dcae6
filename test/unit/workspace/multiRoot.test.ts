/**
 * A multi-root workspace: each folder has its own index, and each index its own language instances,
 * so the facts a resolver builds from its folder (Python package roots, go.mod module paths) answer
 * for that folder only, however the folders' builds and edits interleave.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { WorkspaceIndex } from '../../../src/workspace/workspaceIndex';
import { edges } from './helpers';

function writeFolder(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** Folder "a": a flat Python layout and Go module example.com/a. */
const FOLDER_A = {
  'pkg/__init__.py': '',
  'pkg/util.py': 'VALUE = 1\n',
  'app.py': 'from pkg import util\n',
  'go.mod': 'module example.com/a\n',
  'lib/lib.go': 'package lib\n',
  'cmd/main.go': 'package main\n\nimport "example.com/a/lib"\n',
};

/** Folder "b": the same package name under a src/ layout, and Go module example.com/b. */
const FOLDER_B = {
  'src/pkg/__init__.py': '',
  'src/pkg/util.py': 'VALUE = 2\n',
  'tools/run.py': 'import pkg.util\n',
  'go.mod': 'module example.com/b\n',
  'lib/lib.go': 'package lib\n',
  'main.go': 'package main\n\nimport "example.com/b/lib"\n',
};

describe('multi-root workspace: per-folder languages', () => {
  let base: string;
  let a: WorkspaceIndex;
  let b: WorkspaceIndex;

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'rf-multiroot-'));
    writeFolder(join(base, 'a'), FOLDER_A);
    writeFolder(join(base, 'b'), FOLDER_B);
    a = new WorkspaceIndex(new DiskSourceHost(join(base, 'a'), { noGit: true }));
    b = new WorkspaceIndex(new DiskSourceHost(join(base, 'b'), { noGit: true }));
    await a.build();
    await b.build();
  });

  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('gives each folder its own language instances', () => {
    const ids = a.languages.map((l) => l.id);
    assert.deepEqual(
      b.languages.map((l) => l.id),
      ids,
    );
    for (const id of ['python', 'go', 'rust', 'java', 'c']) {
      assert.notEqual(
        a.languages.find((l) => l.id === id),
        b.languages.find((l) => l.id === id),
        id,
      );
    }
  });

  it('resolves each folder against its own package roots and module paths', () => {
    assert.deepEqual(edges(a), ['app.py -> pkg/util.py', 'cmd/main.go -> lib/lib.go']);
    assert.deepEqual(edges(b), ['main.go -> lib/lib.go', 'tools/run.py -> src/pkg/util.py']);
  });

  it('keeps each folder right when edits alternate between the folders', () => {
    assert.equal(a.updateFile('app.py', 'import pkg.util\nimport pkg\n'), true);
    assert.equal(b.updateFile('tools/run.py', 'from pkg import util\nimport pkg\n'), true);
    assert.equal(a.updateFile('cmd/main.go', 'package main\n\nimport (\n\t"example.com/a/lib"\n\t"example.com/b/lib"\n)\n'), true);
    assert.deepEqual(edges(a), ['app.py -> pkg/__init__.py', 'app.py -> pkg/util.py', 'cmd/main.go -> lib/lib.go']);
    assert.deepEqual(edges(b), ['main.go -> lib/lib.go', 'tools/run.py -> src/pkg/__init__.py', 'tools/run.py -> src/pkg/util.py']);
  });
});
