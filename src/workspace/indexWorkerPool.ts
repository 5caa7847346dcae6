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

/** Files per message: big enough that messaging costs little (~1% of extraction), small enough to balance. */
const CHUNK_FILES = 200;
/**
 * Workers: one per core beyond the main thread's, at most two. Each worker pays for loading
 * TypeScript (~0.5 s of CPU), so on 2 cores the pool buys a responsive main thread, not speed
 * (bench/index --workers; README, Performance).
 */
const MAX_WORKERS = 2;

export interface IndexExtractor {
  readonly extract: BatchExtractor;
  dispose(): Promise<void>;
}

/**
 * A worker-backed extractor, or undefined when the worker bundle is absent (run from sources)
 * or workers cannot start; the index then extracts in its own thread.
 */
export function createIndexExtractor(
  log?: { warn(message: string): void },
  options: { workerFile?: string; workers?: number } = {},
): IndexExtractor | undefined {
  const workerFile = options.workerFile ?? join(__dirname, 'indexWorker.js');
  if (!existsSync(workerFile)) return undefined;
  const count = Math.max(1, options.workers ?? Math.min(MAX_WORKERS, availableParallelism() - 1));
  let workers: Worker[];
  try {
    workers = Array.from({ length: count }, () => new Worker(workerFile));
  } catch (error) {
    log?.warn(`index workers could not start, indexing in-thread: ${String(error)}`);
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
      log?.warn(`index worker failed: ${String(error)}`);
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
