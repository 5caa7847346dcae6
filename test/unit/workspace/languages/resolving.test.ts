import * as assert from 'node:assert/strict';
import type { WorkspaceView } from '../../../../src/workspace/languages/language';
import { resolveLocalPath } from '../../../../src/workspace/languages/relativePath';
import { dirOf, joinPath } from '../../../../src/workspace/languages/resolving';

describe('joinPath', () => {
  it('joins a relative path to a folder, folding . and .. and empty segments', () => {
    assert.equal(joinPath('src/a', './b.ts'), 'src/a/b.ts');
    assert.equal(joinPath('src/a', '../b/./c.ts'), 'src/b/c.ts');
    assert.equal(joinPath('src/a', 'x//y/'), 'src/a/x/y');
    assert.equal(joinPath('src/a', '../..'), '');
    assert.equal(joinPath('', 'lib/x.ts'), 'lib/x.ts');
    assert.equal(joinPath('src', ''), 'src');
    assert.equal(joinPath('src', '...'), 'src/...');
    assert.equal(joinPath('src', '.hidden/..x'), 'src/.hidden/..x');
  });

  it('reads backslashes as separators', () => {
    assert.equal(joinPath('src/a', '..\\b\\c.ts'), 'src/b/c.ts');
  });

  it('answers undefined for a path that climbs out of the workspace or is absolute', () => {
    assert.equal(joinPath('src', '../../x.ts'), undefined);
    assert.equal(joinPath('', '..'), undefined);
    assert.equal(joinPath('src/a', 'b/../../../../c'), undefined);
    assert.equal(joinPath('src', '/etc/hosts'), undefined);
    assert.equal(joinPath('src', 'C:\\x.ts'), undefined);
    assert.equal(joinPath('src', 'c:/x.ts'), undefined);
  });
});

describe('resolveLocalPath', () => {
  /** A view over these files, which notes every file it is asked about. */
  function view(files: readonly string[], asked: string[] = []): WorkspaceView {
    const dirs = new Set(['']);
    for (const file of files) for (let d = dirOf(file); d !== ''; d = dirOf(d)) dirs.add(d);
    return {
      hasFile: (rel) => (asked.push(rel), files.includes(rel)),
      hasDirectory: (rel) => dirs.has(rel),
      filesIn: (dir) => files.filter((f) => dirOf(f) === dir),
      allFiles: () => [...files],
      readFile: () => undefined,
    };
  }
  const files = ['site/docs/guide/intro.md', 'site/static/img/a.png', 'img/a.png', 'img/b.png', 'public/c.png'];

  it("answers a root-relative path from the nearest static folder that has it, then the workspace's root", () => {
    const workspace = view(files);
    assert.deepEqual(resolveLocalPath('site/docs/guide/intro.md', '/img/a.png', workspace), ['site/static/img/a.png']);
    assert.deepEqual(resolveLocalPath('site/docs/guide/intro.md', '/img/b.png', workspace), ['img/b.png']);
    assert.deepEqual(resolveLocalPath('site/docs/guide/intro.md', '/c.png', workspace), ['public/c.png']);
    assert.deepEqual(resolveLocalPath('site/docs/guide/intro.md', '/img/none.png', workspace), []);
  });

  it('asks about no file under a static folder that does not exist', () => {
    const asked: string[] = [];
    resolveLocalPath('site/docs/guide/intro.md', '/img/none.png', view(files, asked));
    assert.deepEqual(asked, ['site/static/img/none.png', 'public/img/none.png', 'img/none.png']);
  });
});
