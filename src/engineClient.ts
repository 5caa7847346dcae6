/**
 * The extension's end of the engine protocol (engineProtocol.ts): starts the engine bundle in a
 * child process under the host's own runtime (or in a worker thread, for comparison), and turns
 * RemoteEngine calls into requests. Node-only, no `vscode`, so benchmarks drive it the same way.
 */
import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineState, IndexProgress, Logger, RankRequest } from './engineApi';
import {
  CANCELLED,
  ENGINE_PROTOCOL_VERSION,
  type EngineEvents,
  type EngineMessage,
  type EngineMethod,
  type EngineParams,
  type EngineResult,
  type EngineStartOptions,
  type HostMessage,
  type RemoteEngine,
} from './engineProtocol';
import { errorMessage } from './core/errorMessage';

/** How the engine runs: its own process (what the extension uses) or a worker thread of the host. */
export type EngineRuntime = 'process' | 'worker';

/** A running engine bundle as the extension sees it, whichever runtime carries it. */
export interface EngineChannel {
  readonly runtime: EngineRuntime;
  /** The engine's process id (the host's own for a worker). */
  readonly pid: number | undefined;
  send(message: HostMessage): void;
  onMessage(listener: (message: EngineMessage) => void): void;
  /** Fires once when the engine is gone, with why ("exit code 1", "killed by SIGKILL", the error it died of). */
  onExit(listener: (reason: string) => void): void;
  kill(): void;
}

/**
 * Where the engine process keeps V8's compiled code of its bundle (Node 22.1+ reads NODE_COMPILE_CACHE;
 * older runtimes ignore it). Parsing the multi-megabyte bundle is most of the engine's start-up; with
 * the cache a second start (another window, a restart) skips it. Keyed by runtime version and file
 * contents, so an update never reads stale code. Node's own default place for it is the temp folder too.
 */
export const COMPILE_CACHE_DIR = join(tmpdir(), 'related-files-compile-cache');

/** Lines of the engine's stderr kept for the crash message (a V8 "heap out of memory", a stack). */
const STDERR_TAIL_CHARS = 600;

/**
 * Options of the engine process, given on its command line because they are read when it starts
 * (`v8.setFlagsFromString` would be too late). Only long-standing options belong here: one the runtime
 * does not know stops the process from starting. Not the host's own inspector or loader flags. The
 * figures are in docs/ARCHITECTURE.md, "Engine process".
 * - A young generation of at most 2 MB per half (by default V8 grows it to 16 MB per half under Node 20
 *   and 22, 64 MB under Node 24). Most of what an index allocates lives on (records, the graph, the file
 *   table); in a large young generation each scavenge copies all of it again before it is promoted.
 * - V8's background threads (compilers, parallel garbage collection) one fewer than the cores, at most
 *   Node's default of 4: the engine's work is one thread's, and on two cores Node's four helpers took
 *   turns on the core the engine's own thread needed.
 */
export function engineExecArgv(cores: number): string[] {
  return ['--max-semi-space-size=2', `--v8-pool-size=${Math.max(1, Math.min(4, cores - 1))}`];
}

/** This machine's engine options (engineExecArgv). */
export const ENGINE_EXEC_ARGV: readonly string[] = engineExecArgv(availableParallelism());

/**
 * The engine bundle in a child process of the extension host, under the host's own executable:
 * Node in a server or web host, Electron on desktop (ELECTRON_RUN_AS_NODE makes it plain Node).
 */
export function forkEngine(script: string): EngineChannel {
  const child = fork(script, [], {
    execArgv: [...ENGINE_EXEC_ARGV],
    env: { NODE_COMPILE_CACHE: COMPILE_CACHE_DIR, ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    serialization: 'advanced', // structured clone, as a worker's messages: Maps, undefined and typed arrays survive
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // The engine lowers its own priority once its first index is answered or turns out long (engineMain.ts).
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL_CHARS)));
  const exitListeners: ((reason: string) => void)[] = [];
  /** Why it exited, once it has: a listener added later (the process started before its connection) hears it at once. */
  let exitedBecause: string | undefined;
  const exit = (reason: string) => {
    if (exitedBecause !== undefined) return;
    const tail = stderr.trim().split('\n').slice(-3).join(' | ');
    exitedBecause = tail ? `${reason}: ${tail}` : reason;
    for (const l of exitListeners) l(exitedBecause);
  };
  child.on('exit', (code, signal) => exit(signal ? `killed by ${signal}` : `exit code ${code}`));
  // A process that never started has no exit to wait for; any other error (a failed kill) is not an exit.
  child.on('error', (error) => child.pid === undefined && exit(errorMessage(error)));
  return {
    runtime: 'process',
    get pid() {
      return child.pid;
    },
    send: (message) => {
      // A write can fail before the death that closed the pipe is seen (EPIPE): the exit, not the write,
      // says why the engine went. A channel that cannot carry messages is a dead engine either way.
      if (child.connected) child.send(message, (error) => error && child.kill('SIGKILL'));
    },
    onMessage: (listener) => child.on('message', (m) => listener(m as EngineMessage)),
    onExit: (listener) => (exitedBecause === undefined ? exitListeners.push(listener) : listener(exitedBecause)),
    kill: () => child.kill('SIGKILL'),
  };
}

/** The engine bundle in a worker thread of the host process (shares its memory and its fate). */
export function engineWorker(script: string): EngineChannel {
  const worker = new Worker(script, { execArgv: [] });
  const exitListeners: ((reason: string) => void)[] = [];
  let failure: string | undefined;
  worker.on('error', (error) => (failure = errorMessage(error)));
  worker.on('exit', (code) => {
    for (const l of exitListeners) l(failure ?? `exit code ${code}`);
  });
  return {
    runtime: 'worker',
    pid: process.pid,
    send: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
    onExit: (listener) => exitListeners.push(listener),
    kill: () => void worker.terminate(),
  };
}

/** A request the engine dropped or whose answer nobody wants any more. */
export class CancelledError extends Error {
  constructor() {
    super('request cancelled');
    this.name = 'CancelledError';
  }
}

/** The engine went away (crash, kill, restart) before it answered. */
export class EngineStoppedError extends Error {
  constructor(reason: string) {
    super(`the engine stopped (${reason})`);
    this.name = 'EngineStoppedError';
  }
}

/** Editor events that arrive within this window go to the engine as one message. */
export const NOTIFY_BATCH_MS = 20;
/** How long a clean shutdown (final save) may take before the engine is killed. */
export const SHUTDOWN_TIMEOUT_MS = 5000;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class EngineConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private batch: { method: EngineMethod; params: readonly unknown[] }[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  private stateValue: EngineState = 'empty';
  private exitReason: string | undefined;
  private readonly progressListeners = new Set<(p: IndexProgress) => void>();
  private readonly changeListeners = new Set<() => void>();
  private readonly exitListeners = new Set<(reason: string) => void>();
  private stoppedWaiter: (() => void) | undefined;
  /** The engine behind the protocol: every EngineApi method, answering with a promise. */
  readonly engine: RemoteEngine;

  private constructor(
    readonly channel: EngineChannel,
    private readonly log?: Logger,
  ) {
    channel.onMessage((m) => this.receive(m));
    channel.onExit((reason) => this.exited(reason));
    this.engine = this.remoteEngine();
  }

  /** Starts the engine in `channel` and resolves once it has opened its database; rejects with why it could not. */
  static start(channel: EngineChannel, options: EngineStartOptions, log?: Logger): Promise<EngineConnection> {
    const connection = new EngineConnection(channel, log);
    return new Promise((resolve, reject) => {
      // A channel started ahead (a restart) may have exited before its connection was made.
      if (connection.exitReason !== undefined) return reject(new EngineStoppedError(connection.exitReason));
      connection.startWaiter = { resolve: () => resolve(connection), reject };
      channel.send({ type: 'start', version: ENGINE_PROTOCOL_VERSION, options });
    });
  }

  private startWaiter: { resolve(): void; reject(error: Error): void } | undefined;

  get state(): EngineState {
    return this.stateValue;
  }

  /** Why the engine is gone; undefined while it runs. */
  get stoppedBecause(): string | undefined {
    return this.exitReason;
  }

  onExit(listener: (reason: string) => void): { dispose(): void } {
    this.exitListeners.add(listener);
    return { dispose: () => this.exitListeners.delete(listener) };
  }

  onProgress(listener: (p: IndexProgress) => void): { dispose(): void } {
    this.progressListeners.add(listener);
    return { dispose: () => this.progressListeners.delete(listener) };
  }

  /** One request; `signal` cancels it (dropped if it has not started, its answer ignored if it has). */
  call<M extends EngineMethod>(method: M, params: EngineParams<M>, signal?: AbortSignal): Promise<EngineResult<M>> {
    if (this.exitReason !== undefined) return Promise.reject(new EngineStoppedError(this.exitReason));
    if (signal?.aborted) return Promise.reject(new CancelledError());
    this.flushBatch();
    const id = this.nextId++;
    return new Promise<EngineResult<M>>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        this.channel.send({ type: 'cancel', id });
        reject(new CancelledError());
      };
      this.pending.set(id, {
        resolve: (v) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(v as EngineResult<M>);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.channel.send({ type: 'request', id, method, params } as HostMessage);
    });
  }

  /** A call nobody waits for (editor events): batched with the others of the next few milliseconds, kept in order. */
  notify<M extends EngineMethod>(method: M, ...params: EngineParams<M>): void {
    if (this.exitReason !== undefined) return;
    this.batch.push({ method, params });
    this.batchTimer ??= setTimeout(() => this.flushBatch(), NOTIFY_BATCH_MS);
  }

  /** Asks the engine to save and exit; kills it if it takes longer than `timeoutMs`. */
  async shutdown(timeoutMs = SHUTDOWN_TIMEOUT_MS): Promise<void> {
    if (this.exitReason !== undefined) return;
    this.flushBatch();
    const stopped = new Promise<void>((resolve) => {
      this.stoppedWaiter = resolve;
      this.onExit(() => resolve());
    });
    this.channel.send({ type: 'shutdown' });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
    const late = await Promise.race([stopped.then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) this.log?.warn(`the engine did not stop within ${timeoutMs} ms; killed`);
    this.exited('shut down');
    this.channel.kill();
  }

  private flushBatch(): void {
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (this.batch.length === 0) return;
    const calls = this.batch;
    this.batch = [];
    this.channel.send({ type: 'batch', calls });
  }

  private receive(message: EngineMessage): void {
    switch (message.type) {
      case 'ready':
        this.startWaiter?.resolve();
        this.startWaiter = undefined;
        return;
      case 'startFailed':
        this.startWaiter?.reject(new Error(message.message));
        this.startWaiter = undefined;
        this.channel.kill();
        return;
      case 'response': {
        const pending = this.pending.get(message.id);
        if (!pending) return; // cancelled here already
        this.pending.delete(message.id);
        if ('error' in message)
          pending.reject(message.cancelled ? new CancelledError() : new Error(message.error === CANCELLED ? 'cancelled' : message.error));
        else pending.resolve(message.result);
        return;
      }
      case 'event':
        this.event(message.event, message.data);
        return;
      case 'stopped':
        this.stoppedWaiter?.();
        return;
    }
  }

  private event<E extends keyof EngineEvents>(event: E, data: EngineEvents[E]): void {
    if (event === 'progress') {
      for (const l of [...this.progressListeners]) l(data as IndexProgress);
    } else if (event === 'changed') {
      this.stateValue = (data as EngineEvents['changed']).state;
      for (const l of [...this.changeListeners]) l();
    } else if (event === 'log' && this.log) {
      const { level, message } = data as EngineEvents['log'];
      this.log[level](message);
    }
  }

  private exited(reason: string): void {
    if (this.exitReason !== undefined) return;
    this.exitReason = reason;
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batch = [];
    this.startWaiter?.reject(new EngineStoppedError(reason));
    this.startWaiter = undefined;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new EngineStoppedError(reason));
    for (const l of [...this.exitListeners]) l(reason);
  }

  /**
   * Every EngineMethod becomes a request by its name (a method added to EngineApi needs nothing here);
   * only index (progress events, cancellation), rankWhenRankable (cancellation) and the local state and listeners are written out.
   */
  private remoteEngine(): RemoteEngine {
    const local = {
      state: 'empty' as EngineState,
      request: <M extends EngineMethod>(method: M, params: EngineParams<M>, signal?: AbortSignal) => this.call(method, params, signal),
      onDidChange: (listener: () => void) => {
        this.changeListeners.add(listener);
        return { dispose: () => this.changeListeners.delete(listener) };
      },
      // Its AbortSignal cancels the request (a waiting ranking is dropped in the engine); it does not cross.
      rankWhenRankable: (request: RankRequest, signal?: AbortSignal) => this.call('rankWhenRankable', [request], signal),
      index: async (onProgress?: (p: IndexProgress) => void, signal?: AbortSignal, focus?: string) => {
        const subscription = onProgress ? this.onProgress(onProgress) : undefined;
        this.stateValue = 'indexing';
        try {
          return await this.call('index', focus === undefined ? [] : [focus], signal);
        } finally {
          subscription?.dispose();
        }
      },
    };
    return new Proxy(local, {
      get: (target, key) => {
        if (key === 'state') return this.stateValue;
        if (typeof key !== 'string' || key in target) return Reflect.get(target, key) as unknown;
        if (key === 'then') return undefined; // not a thenable: `await host.whenReady()` must not call the engine
        return (...params: unknown[]) => this.call(key as EngineMethod, params as never);
      },
    }) as unknown as RemoteEngine;
  }
}
