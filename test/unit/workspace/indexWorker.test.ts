/** The worker-pool path gives the same graph as the in-thread path (the worker is bundled here, as the build does). */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createIndexExtractor } from '../../../src/workspace/indexWorkerPool';
import { edges, FIXTURES, indexOf } from './helpers';

describe('index worker pool', function () {
  // Bundling the worker takes seconds on a busy machine.
  this.timeout(90_000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rf-worker-'));
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [resolve(__dirname, '../../../src/workspace/indexWorker.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: join(dir, 'indexWorker.js'),
      logLevel: 'warning',
    });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is absent when the worker bundle is not there (runs from sources)', () => {
    assert.equal(createIndexExtractor(undefined, { workerFile: join(dir, 'missing.js') }), undefined);
  });

  it('extracts in workers with the same result as in-thread', async () => {
    const pool = createIndexExtractor(undefined, { workerFile: join(dir, 'indexWorker.js'), workers: 2 });
    assert.ok(pool);
    try {
      // workspace-basic: every import kind; languages/web: Angular templateUrl/styleUrl and new URL() (the TS extras).
      for (const root of [join(FIXTURES, 'workspace-basic'), join(FIXTURES, 'languages/web')]) {
        const inThread = await indexOf(root);
        const inWorkers = await indexOf(root, { noGit: true }, { extractor: pool.extract });
        assert.deepEqual(edges(inWorkers.index), edges(inThread.index), root);
        assert.deepEqual(inWorkers.index.stats.skipped, inThread.index.stats.skipped);
      }
    } finally {
      await pool.dispose();
    }
  });
});
