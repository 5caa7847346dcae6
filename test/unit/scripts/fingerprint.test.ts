import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { folderFingerprint, fingerprintChanges } = require('../../../scripts/vscodeServer.cjs') as {
  folderFingerprint(folder: string): Map<string, string>;
  fingerprintChanges(before: Map<string, string>, after: Map<string, string>): string[];
};

describe('folder fingerprint (the screenshot runners prove they changed no file)', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'fingerprint-'));
    mkdirSync(join(folder, 'src'));
    mkdirSync(join(folder, '.git'));
    writeFileSync(join(folder, 'src/a.ts'), 'export const a = 1;\n');
    writeFileSync(join(folder, 'src/b.ts'), 'export const b = 2;\n');
    writeFileSync(join(folder, '.git/index'), 'v1');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('finds no change when nothing changed, even if git rewrote its own data', () => {
    const before = folderFingerprint(folder);
    assert.deepEqual([...before.keys()].sort(), [join('src', 'a.ts'), join('src', 'b.ts')]);
    writeFileSync(join(folder, '.git/index'), 'v2');
    assert.deepEqual(fingerprintChanges(before, folderFingerprint(folder)), []);
  });

  it('names a file whose content changed (same size), one added and one removed', () => {
    const before = folderFingerprint(folder);
    writeFileSync(join(folder, 'src/a.ts'), 'export const a = 9;\n');
    writeFileSync(join(folder, 'src/c.ts'), '');
    unlinkSync(join(folder, 'src/b.ts'));
    assert.deepEqual(fingerprintChanges(before, folderFingerprint(folder)), [
      `changed ${join('src', 'a.ts')}`,
      `removed ${join('src', 'b.ts')}`,
      `added ${join('src', 'c.ts')}`,
    ]);
  });
});
