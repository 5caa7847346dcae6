/** The worker-pool path gives the same graph as the in-thread path (the worker is bundled here, as the build does). */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createIndexExtractor } from '../../../src/workspace/indexWorkerPool';
import type { WorkspaceIndex } from '../../../src/workspace/workspaceIndex';
import { edges, FIXTURES, indexOf } from './helpers';

/** Every file's terms in their order, each with its spelling and count. */
function words(index: WorkspaceIndex): string[] {
  const content = index.content;
  return content
    .paths()
    .sort()
    .map((path) => `${path}: ${content.countsOf(path).map((t) => `${t.term}/${t.display}:${t.count}`)}`);
}

/** The index worker bundled as the build bundles it (dist/indexWorker.js). */
async function bundleWorker(outfile: string): Promise<void> {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [resolve(__dirname, '../../../src/workspace/indexWorker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    logLevel: 'warning',
  });
}

/** workspace-basic: every import kind; languages/web: Angular templateUrl/styleUrl and new URL() (the TS extras), styles, pages. */
const ROOTS = [join(FIXTURES, 'workspace-basic'), join(FIXTURES, 'languages/web')];

describe('index worker pool', function () {
  // Bundling the worker takes seconds on a busy machine.
  this.timeout(90_000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rf-worker-'));
    await bundleWorker(join(dir, 'indexWorker.js'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is absent when the worker bundle is not there (runs from sources)', () => {
    assert.equal(createIndexExtractor(undefined, { workerFile: join(dir, 'missing.js') }), undefined);
  });

  it('extracts in workers with the same result as in-thread', async () => {
    const pool = createIndexExtractor(undefined, { workerFile: join(dir, 'indexWorker.js'), workers: 2 });
    assert.ok(pool);
    try {
      for (const root of ROOTS) {
        const inThread = await indexOf(root);
        const inWorkers = await indexOf(root, { noGit: true }, { extractor: pool.extract });
        assert.deepEqual(edges(inWorkers.index), edges(inThread.index), root);
        assert.deepEqual(inWorkers.index.stats.skipped, inThread.index.stats.skipped);
      }
    } finally {
      await pool.dispose();
    }
  });

  it("reads every file's words in a worker: the same terms, counts and spellings as in-thread, and the same graph", async () => {
    const pool = createIndexExtractor(undefined, { workerFile: join(dir, 'indexWorker.js'), workers: 1, words: true });
    assert.ok(pool);
    try {
      for (const root of ROOTS) {
        const inThread = await indexOf(root);
        const wordsElsewhere = await indexOf(root, { noGit: true }, { termsReader: pool.readTerms });
        assert.ok(words(inThread.index).length > 5, root);
        assert.deepEqual(words(wordsElsewhere.index), words(inThread.index), root);
        assert.deepEqual(edges(wordsElsewhere.index), edges(inThread.index), root);
        assert.deepEqual(wordsElsewhere.index.stats.warnings, inThread.index.stats.warnings);
      }
    } finally {
      await pool.dispose();
    }
  });

  it('fills the words of a build that kept none in a worker, as fillContent in-thread does', async () => {
    const pool = createIndexExtractor(undefined, { workerFile: join(dir, 'indexWorker.js'), workers: 2, words: true });
    assert.ok(pool);
    try {
      const root = ROOTS[1];
      const inThread = await indexOf(root, { noGit: true }, { content: false });
      await inThread.index.fillContent();
      const wordsElsewhere = await indexOf(root, { noGit: true }, { content: false });
      assert.equal(wordsElsewhere.index.content.size, 0);
      assert.equal(await wordsElsewhere.index.fillContent(undefined, pool.readTerms), wordsElsewhere.index.graph.size);
      assert.deepEqual(words(wordsElsewhere.index), words(inThread.index));
    } finally {
      await pool.dispose();
    }
  });
});

describe('index words read elsewhere, failing', () => {
  it('a pool already disposed: its readers fail at once, and the build reads the words in-thread', async function () {
    this.timeout(90_000);
    const dir = mkdtempSync(join(tmpdir(), 'rf-worker-'));
    try {
      const workerFile = join(dir, 'indexWorker.js');
      await bundleWorker(workerFile);
      const pool = createIndexExtractor(undefined, { workerFile, workers: 1, words: true });
      assert.ok(pool);
      await pool.dispose();
      await assert.rejects(pool.readTerms(ROOTS[0], ['a.ts']), /the index workers were stopped/);
      const inThread = await indexOf(ROOTS[0]);
      const afterDispose = await indexOf(ROOTS[0], { noGit: true }, { termsReader: pool.readTerms });
      assert.deepEqual(words(afterDispose.index), words(inThread.index));
      assert.equal(afterDispose.index.stats.warnings.filter((w) => w.includes('the index workers were stopped')).length, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a termsReader that fails: the build reads the words in-thread, with one warning', async () => {
    const root = ROOTS[0];
    const inThread = await indexOf(root);
    const failing = await indexOf(root, { noGit: true }, { termsReader: () => Promise.reject(new Error('worker gone')) });
    assert.deepEqual(words(failing.index), words(inThread.index));
    assert.deepEqual(
      failing.index.stats.warnings.filter((w) => w.includes('words')),
      ['reading the words in the index workers failed (worker gone); reading them in-thread'],
    );
  });

  it('a termsReader that fails in fillContent: the words are read in-thread, with one warning', async () => {
    const root = ROOTS[0];
    const { index, warnings } = await indexOf(root, { noGit: true }, { content: false });
    assert.equal(await index.fillContent(undefined, () => Promise.reject(new Error('worker gone'))), index.graph.size);
    assert.equal(index.content.size, index.graph.size);
    assert.deepEqual(warnings, ['reading the words in the index workers failed (worker gone); reading them in-thread']);
  });

  it('a fill stopped while the workers read (their pool let go): no words, no warning, nothing read in-thread', async () => {
    const root = ROOTS[0];
    const { index, warnings } = await indexOf(root, { noGit: true }, { content: false });
    const stop = new AbortController();
    const reader = () => {
      stop.abort();
      return Promise.reject(new Error('the index workers were stopped'));
    };
    assert.equal(await index.fillContent(stop.signal, reader), 0);
    assert.equal(index.content.size, 0);
    assert.deepEqual(warnings, []);
  });
});
