/**
 * `related-files rank` prints the index's warnings one line per cause, as the long commands do: a
 * checkout whose packages all extend a tsconfig that is not installed reads as one warning, not one
 * per package; `--verbose` prints each.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureConsole } from '../consoleCapture';
import { run as rank } from '../../../src/cli/rankCommand';

describe('related-files rank: warnings', function () {
  this.timeout(30_000);
  let root: string;

  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'rf-rank-warnings-')));
    for (const name of ['a', 'b', 'c']) {
      mkdirSync(join(root, 'packages', name, 'src'), { recursive: true });
      writeFileSync(join(root, 'packages', name, 'tsconfig.json'), '{ "extends": "@scope/missing-base/tsconfig" }\n');
      writeFileSync(join(root, 'packages', name, 'src/index.ts'), `export const ${name} = 1;\n`);
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const rankA = (...extra: string[]) =>
    captureConsole(() => rank([join(root, 'packages/a/src/index.ts'), '--root', root, '--db', 'none', '--no-history', ...extra]));
  const missingBase = (err: string) => err.split('\n').filter((line) => line.includes('missing-base'));

  it('prints a warning met in every package once, with how many it stands for', async () => {
    const { result, out, err } = await rankA();
    assert.equal(result, 0, err);
    assert.match(out, /packages\/b\/src\/index\.ts/);
    const lines = missingBase(err);
    assert.equal(lines.length, 1, err);
    assert.match(lines[0], /^warning: tsconfig packages\/a\/tsconfig\.json: .*\(3 warnings like this\)$/);
    assert.match(err, /--verbose prints every warning/);
  });

  it('prints every warning with --verbose', async () => {
    const { result, err } = await rankA('--verbose');
    assert.equal(result, 0, err);
    const lines = missingBase(err);
    assert.deepEqual(
      lines.map((line) => /packages\/(\w)\/tsconfig/.exec(line)?.[1]),
      ['a', 'b', 'c'],
      err,
    );
    assert.ok(
      lines.every((line) => line.startsWith('warning: ')),
      err,
    );
  });
});
