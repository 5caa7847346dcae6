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
import type { ExtractResponse, TermsResponse, WorkerRequest, WorkerResponse } from './indexWorker';
import type { BatchExtractor, TermsReader } from './workspaceIndex';
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
 * A pool asked for the words (`words`) has one worker on 2 cores, which reads only the words: they
 * are counted there while this thread reads and resolves the references.
 */
const MAX_WORKERS = 2;
const MIN_CORES_FOR_WORKERS = 3;
/** Below this, no worker pays for itself (the words alone are read in-thread). */
const MIN_CORES_FOR_WORDS = 2;

export interface IndexExtractor {
  /** Reads and extracts TS/JS files in the workers; undefined for a pool that reads only words (few cores). */
  readonly extract?: BatchExtractor;
  /** Reads files' words (content terms) in the workers. */
  readonly readTerms: TermsReader;
  dispose(): Promise<void>;
}

/**
 * A worker-backed extractor, or undefined when the worker bundle is absent (run from sources),
 * the machine has too few cores for workers to pay off, or workers cannot start; the index then
 * extracts in its own thread. `workers` forces a count (tests, the benchmark); `words`: a pool that
 * reads the files' words, with one worker on 2 cores where extraction stays in-thread.
 */
export function createIndexExtractor(
  log?: { warn(message: string): void },
  options: { workerFile?: string; workers?: number; words?: boolean } = {},
): IndexExtractor | undefined {
  const workerFile = options.workerFile ?? join(__dirname, 'indexWorker.js');
  if (!existsSync(workerFile)) return undefined;
  const cores = availableParallelism();
  const extracts = options.workers !== undefined || cores >= MIN_CORES_FOR_WORKERS;
  if (!extracts && !(options.words === true && cores >= MIN_CORES_FOR_WORDS)) return undefined;
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
  let nextSession = 0;
  let stopped: Error | undefined;
  const pending = new Map<number, { resolve: (response: WorkerResponse) => void; reject: (e: unknown) => void }>();
  const failAll = (error: unknown) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  for (const w of workers) {
    w.on('message', (m: WorkerResponse) => {
      pending.get(m.id)?.resolve(m);
      pending.delete(m.id);
    });
    w.on('error', (error) => {
      log?.warn(`index worker failed: ${errorMessage(error)}`);
      failAll(error);
    });
    // A worker that ended answers nothing more: what waits on it fails (the index reads in-thread) rather than hangs.
    w.on('exit', (code) => failAll((stopped ??= new Error(`an index worker exited (code ${code})`))));
  }

  /** Posts `paths` in chunks, round-robin over the workers; each chunk's answer with the worker that gave it, in order. */
  const inChunks = (paths: readonly string[], request: (id: number, chunk: readonly string[]) => WorkerRequest) => {
    if (stopped) return Promise.reject(stopped);
    const chunks: Promise<{ worker: number; response: WorkerResponse }>[] = [];
    for (let i = 0, n = 0; i < paths.length; i += CHUNK_FILES, n++) {
      const id = nextId++;
      const worker = n % workers.length;
      chunks.push(
        new Promise((resolve, reject) => {
          pending.set(id, { resolve: (response) => resolve({ worker, response }), reject });
          workers[worker].postMessage(request(id, paths.slice(i, i + CHUNK_FILES)));
        }),
      );
    }
    return Promise.all(chunks);
  };

  const extract: BatchExtractor = async (root, paths) => {
    const answers = await inChunks(paths, (id, chunk) => ({ id, root, paths: chunk }));
    return answers.flatMap(({ response }) => (response as ExtractResponse).files);
  };

  const readTerms: TermsReader = async (root, paths) => {
    const session = nextSession++;
    const answers = await inChunks(paths, (id, chunk) => ({ id, kind: 'terms', root, paths: chunk, session }));
    return answers.map(({ worker, response }) => ({ sender: worker, ...(response as TermsResponse) }));
  };

  return {
    extract: extracts ? extract : undefined,
    readTerms,
    dispose: async () => {
      stopped ??= new Error('the index workers were stopped');
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
