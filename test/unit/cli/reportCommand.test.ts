/**
 * `related-files report` without --db reads the database `rank` and `mcp` keep for the folder, in the
 * user's cache directory (here a temporary one, through XDG_CACHE_HOME).
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureConsole } from '../consoleCapture';
import { run as rank } from '../../../src/cli/rankCommand';
import { run as report } from '../../../src/cli/reportCommand';
import { defaultDbPath } from '../../../src/store/defaultDbPath';

describe('related-files report without --db', function () {
  this.timeout(30_000);
  let root: string;
  let cache: string;
  const saved = process.env.XDG_CACHE_HOME;

  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'rf-report-')));
    cache = mkdtempSync(join(tmpdir(), 'rf-cache-'));
    process.env.XDG_CACHE_HOME = cache;
    writeFileSync(join(root, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
    writeFileSync(join(root, 'b.ts'), 'export const b = 1;\n');
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it("reads the folder's database that rank wrote", async () => {
    const ranked = await captureConsole(() => rank([join(root, 'a.ts'), '--root', root, '--no-history']));
    assert.equal(ranked.result, 0, ranked.err);
    assert.ok(existsSync(defaultDbPath(root, cache)), 'rank kept its database in the cache directory');
    const { result, out, err } = await captureConsole(() => report(['--root', root, '--json']));
    assert.equal(result, 0, err);
    const parsed = JSON.parse(out) as { since: number; until: number; agents: unknown };
    assert.equal(Math.round((parsed.until - parsed.since) / 86_400_000), 14, 'the default window of days');
    assert.ok('agents' in parsed);
  });
});
