/**
 * A small pool of index workers (indexWorker.ts) behind the BatchExtractor the index takes.
 *
 * Used when the bundled worker sits next to the running bundle (the extension and CLI run from
 * dist/); under tsx or in tests there is no dist/indexWorker.js and the index extracts in-thread.
 * Paths go out in chunks, round-robin, so both workers stay busy and a slow file holds back little.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ExtractRequest, ExtractResponse } from './indexWorker';
import type { BatchExtractor, ExtractedFile } from './workspaceIndex';
import { errorMessage } from '../core/errorMessage';

/** Files per message: big enough that messaging costs little (~1% of extraction), small enough to balance. */
const CHUNK_FILES = 200;
/**
 * Workers: one per core beyond the main thread's, at most two, and none on 2 cores or fewer.
 * When each worker loaded TypeScript again (~1 s of CPU on a busy 2-core machine), measured there on
 * vitest (2,333 files, bench/index --workers): in-thread 3.4 s wall / 2.1 s CPU, one worker
 * 11.1 s / 3.4 s (an earlier, busier run: two workers 10.7 s / 4.2 s against 8.3 s / 2.9 s). The
 * in-thread build yields to the event loop every 40 ms, so on small machines it is both faster
 * and responsive enough. The worker no longer loads TypeScript: one run at load 3 (every file, 3,016)
 * gave one worker 2.39 s wall against 2.75 s in-thread, the same edges, but the content words of the
 * files a worker reads are still read afterwards in the engine's thread; not yet weighed for 2 cores.
 */
const MAX_WORKERS = 2;
const MIN_CORES_FOR_WORKERS = 3;

export interface IndexExtractor {
  readonly extract: BatchExtractor;
  dispose(): Promise<void>;
}

/**
 * A worker-backed extractor, or undefined when the worker bundle is absent (run from sources),
 * the machine has too few cores for workers to pay off, or workers cannot start; the index then
 * extracts in its own thread. `workers` forces a count (tests, the benchmark).
 */
export function createIndexExtractor(
  log?: { warn(message: string): void },
  options: { workerFile?: string; workers?: number } = {},
): IndexExtractor | undefined {
  const workerFile = options.workerFile ?? join(__dirname, 'indexWorker.js');
  if (!existsSync(workerFile)) return undefined;
  const cores = availableParallelism();
  if (options.workers === undefined && cores < MIN_CORES_FOR_WORKERS) return undefined;
  const count = Math.max(1, options.workers ?? Math.min(MAX_WORKERS, cores - 1));
  let workers: Worker[];
  try {
    // The worker bundle is plain CommonJS: it needs none of the parent's loader flags (tsx, inspectors).
    workers = Array.from({ length: count }, () => new Worker(workerFile, { execArgv: [] }));
  } catch (error) {
    log?.warn(`index workers could not start, indexing in-thread: ${errorMessage(error)}`);
    return undefined;
  }
  let nextId = 0;
  const pending = new Map<number, { resolve: (files: readonly ExtractedFile[]) => void; reject: (e: unknown) => void }>();
  for (const w of workers) {
    w.on('message', (m: ExtractResponse) => {
      pending.get(m.id)?.resolve(m.files);
      pending.delete(m.id);
    });
    w.on('error', (error) => {
      log?.warn(`index worker failed: ${errorMessage(error)}`);
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    });
  }

  const extract: BatchExtractor = async (root, paths) => {
    const chunks: Promise<readonly ExtractedFile[]>[] = [];
    for (let i = 0, n = 0; i < paths.length; i += CHUNK_FILES, n++) {
      const id = nextId++;
      const request: ExtractRequest = { id, root, paths: paths.slice(i, i + CHUNK_FILES) };
      chunks.push(
        new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
          workers[n % workers.length].postMessage(request);
        }),
      );
    }
    return (await Promise.all(chunks)).flat();
  };

  return {
    extract,
    dispose: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
