import * as assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveInWorkspace, resolveInsideRoot } from '../../../src/workspace/safePath';

describe('agents: resolveInsideRoot', () => {
  let base: string;
  let root: string;
  let outside: string;

  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), 'rf-safepath-')));
    root = join(base, 'repo');
    outside = join(base, 'elsewhere');
    mkdirSync(join(root, 'src'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(outside, 'secret.ts'), 'export const s = 1;\n');
    symlinkSync(outside, join(root, 'escape'));
    symlinkSync(join(outside, 'secret.ts'), join(root, 'src', 'secret-link.ts'));
    symlinkSync(join(root, 'src'), join(root, 'src-alias'));
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  it('accepts a relative path and returns it with / separators', () => {
    const r = resolveInsideRoot(root, 'src/a.ts');
    assert.deepEqual(r, { ok: true, absolute: join(root, 'src', 'a.ts'), relative: 'src/a.ts' });
  });

  it('accepts an absolute path inside the root', () => {
    const r = resolveInsideRoot(root, join(root, 'src', 'a.ts'));
    assert.equal(r.ok && r.relative, 'src/a.ts');
  });

  it('accepts a file that does not exist yet (the engine answers with a note)', () => {
    const r = resolveInsideRoot(root, 'src/new/b.ts');
    assert.equal(r.ok && r.relative, 'src/new/b.ts');
  });

  it('accepts a symlink that stays inside the root', () => {
    const r = resolveInsideRoot(root, 'src-alias/a.ts');
    assert.equal(r.ok && r.relative, 'src-alias/a.ts');
  });

  for (const bad of ['../elsewhere/secret.ts', 'src/../../elsewhere/secret.ts', 'src/../src/a.ts', '..\\elsewhere\\secret.ts', '..']) {
    it(`refuses '..' (${bad})`, () => {
      const r = resolveInsideRoot(root, bad);
      assert.equal(r.ok, false);
      assert.match(!r.ok ? r.reason : '', /'\.\.'/);
    });
  }

  it('refuses an absolute path outside the root', () => {
    const r = resolveInsideRoot(root, join(outside, 'secret.ts'));
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.reason : '', /outside the workspace root/);
  });

  it('refuses a sibling folder whose name starts with the root name', () => {
    mkdirSync(root + '-other', { recursive: true });
    assert.equal(resolveInsideRoot(root, join(root + '-other', 'x.ts')).ok, false);
  });

  it('refuses a symlinked directory that leaves the root, even for a missing file below it', () => {
    for (const p of ['escape/secret.ts', 'escape/not-there.ts', join(root, 'escape', 'secret.ts')]) {
      const r = resolveInsideRoot(root, p);
      assert.equal(r.ok, false, p);
      assert.match(!r.ok ? r.reason : '', /symbolic link/);
    }
  });

  it('refuses a symlinked file that points outside the root', () => {
    assert.equal(resolveInsideRoot(root, 'src/secret-link.ts').ok, false);
  });

  it('refuses empty, non-string, NUL and over-long input, and the root itself', () => {
    for (const bad of ['', '   ', 42, undefined, null, 'a\0b', 'x'.repeat(5000), '.', root]) {
      assert.equal(resolveInsideRoot(root, bad).ok, false, String(bad).slice(0, 20));
    }
  });
});

describe('agents: resolveInWorkspace', () => {
  const roots = ['/w/one', '/w/two'];
  const existing = new Set(['/w/two/src/b.ts', '/w/one/src/a.ts']);
  const exists = (p: string) => existing.has(p);

  it('puts an absolute path in the folder that holds it', () => {
    const r = resolveInWorkspace(roots, '/w/two/src/b.ts', exists);
    assert.deepEqual(r, { ok: true, absolute: '/w/two/src/b.ts', relative: 'src/b.ts', root: '/w/two' });
  });

  it('resolves a relative path in the first folder where it exists, else the first folder', () => {
    assert.equal(
      resolveInWorkspace(roots, 'src/b.ts', exists).ok && (resolveInWorkspace(roots, 'src/b.ts', exists) as { root: string }).root,
      '/w/two',
    );
    const missing = resolveInWorkspace(roots, 'src/new.ts', exists);
    assert.equal(missing.ok && missing.root, '/w/one');
  });

  it('refuses paths outside every folder, and answers when no folder is open', () => {
    assert.match((resolveInWorkspace(roots, '/etc/passwd', exists) as { reason: string }).reason, /none of the workspace folders/);
    assert.match((resolveInWorkspace(['/w/one'], '../two/src/b.ts', exists) as { reason: string }).reason, /'\.\.'/);
    assert.match((resolveInWorkspace([], 'a.ts', exists) as { reason: string }).reason, /no workspace folder/);
  });
});
