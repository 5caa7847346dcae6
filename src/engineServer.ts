/**
 * The engine side of the protocol (engineProtocol.ts): owns one Engine, answers requests in the
 * order they arrive, applies batches of editor events, and reports progress, changes and log lines
 * as events. Transport-free: engineMain.ts connects it to a child process's IPC channel or a worker's port.
 */
import { Engine, FIRST_RANKING_WAIT_MS } from './engine';
import type { EngineOptions, Logger } from './engineApi';
import {
  CANCELLED,
  ENGINE_PROTOCOL_VERSION,
  type BatchMessage,
  type EngineMessage,
  type EngineMethod,
  type EngineParams,
  type HostMessage,
  type RequestMessage,
} from './engineProtocol';
import { errorDetail, errorMessage } from './core/errorMessage';
import { cpuNow } from './workspace/workspaceIndex';

/** A message channel as both ends see it. */
export interface Port<In, Out> {
  send(message: Out): void;
  onMessage(listener: (message: In) => void): void;
  /** The other end is gone (the extension host exited): save and stop. */
  onClose(listener: () => void): void;
}

type Queued = RequestMessage | BatchMessage;

/**
 * The index reports progress per file; the extension shows ~10 updates a second, and every message
 * costs the host thread a deserialisation, so the engine sends at most one per interval (and each phase change).
 */
export const PROGRESS_EVENT_INTERVAL_MS = 100;
type Callable = (...args: unknown[]) => unknown;

/**
 * An index that reads at least this many files in the engine's thread (a cold start, a big checkout)
 * is seconds of work: the engine yields the cores from its start. Fewer (a warm start's few changed
 * files) is well under a second, which the user waits on for the first ranking.
 */
export const YIELD_CORES_READ_FILES = 100;

/**
 * Once a cold index's focus can be ranked, a ranking of it is normally asked for at once (the view
 * follows the engine's change event); when none is queued or running this long after (no view, no
 * editor), the cores are yielded anyway.
 */
export const FOCUS_RANKING_WAIT_MS = 2000;

/**
 * The requests a cold start answers before its new database is open (it opens after the index and the
 * ranking that follows it, or for a request that needs it, Engine.whenStoreOpen): the index, rankings,
 * editor events and tasks, whose writes wait for the database in order and whose reads find what a new
 * database holds, nothing. Every other request (logs, exports, tuned weights, save) may read what this
 * session wrote: it waits for the database.
 */
export const ANSWERED_BEFORE_THE_DATABASE: ReadonlySet<EngineMethod> = new Set<EngineMethod>([
  'index',
  'refocus',
  'rank',
  'rankWhenRankable',
  'explain',
  'referenceAt',
  'listFiles',
  'updateFile',
  'fileCreated',
  'fileDeleted',
  'fileRenamed',
  'recordActivity',
  'activeTask',
  'startTask',
  'endTask',
  'renameTask',
  'setFlag',
  'markExplored',
  'logShown',
  'logOpened',
  'logAgentAnswer',
  'logAgentRead',
  'configure',
]);

export function serveEngine(
  port: Port<HostMessage, EngineMessage>,
  exit: (code: number) => void,
  create: (options: EngineOptions) => Promise<Engine> = (options) => Engine.create(options),
  /**
   * Lowers the engine's priority (engineMain.ts: below normal): called once. On a cold start (no
   * database yet) as soon as the engine is made. Otherwise when an index reads YIELD_CORES_READ_FILES
   * files or more and its focus (the active file, or the last refocus before this call) has had its
   * first ranking answered (or none was asked for within FOCUS_RANKING_WAIT_MS of the focus being in;
   * at once without a focus), or when the first ranking after the first index is answered
   * (FIRST_RANKING_WAIT_MS after the index when none is asked for), whichever comes first. Until then
   * (a warm start: its database, index and the ranking the user waits on) it runs at normal priority.
   */
  yieldCores: () => number | void = () => {},
): void {
  /** Milliseconds from the process's (or worker's) start to here: the runtime's start and the bundle's load. */
  const loadedAt = performance.now();
  /** The process's CPU time by then: far below `loadedAt` is a start that waited for a core (VS Code starting beside it). */
  const loadedCpuMs = cpuNow();
  let yielded = false;
  const yieldOnce = (): void => {
    if (yielded) return;
    yielded = true;
    const lowered = yieldCores();
    if (typeof lowered === 'number') log.info(`engine priority lowered: ${lowered} threads and processes`);
  };
  /** Set once the first index is answered: the next ranking's answer yields the cores. */
  let yieldAfterRanking = false;
  /** An index is running; `reading`: it reads YIELD_CORES_READ_FILES files or more. */
  let indexing = false;
  let reading = false;
  /** The running index's focus (or last refocus) until a ranking of it is answered: the cores wait for it. */
  let waitingFor: string | undefined;
  /** Armed once the focus can be ranked: no ranking asked for within FOCUS_RANKING_WAIT_MS, the cores go anyway. */
  let focusTimer: ReturnType<typeof setTimeout> | undefined;
  /** Rankings queued or running (a rankWhenRankable waiting included): the focus timer leaves the yield to their answers. */
  let rankingsAsked = 0;
  /** Files of the rankWhenRankable requests waiting in the engine, by request id. */
  const waits = new Map<number, string | undefined>();
  /** A waiting ranking of a file that cannot be ranked yet is not on its way: it does not hold the cores back. */
  const rankingsOnTheirWay = (): number => rankingsAsked - [...waits.values()].filter((file) => file === undefined || !engine?.canRank(file)).length;
  /** Checks every FOCUS_RANKING_WAIT_MS for a ranking asked for: none queued or running, the cores go. */
  const armFocusTimer = (): void => {
    focusTimer = setTimeout(() => (rankingsOnTheirWay() === 0 ? release() : armFocusTimer()), FOCUS_RANKING_WAIT_MS);
    focusTimer.unref?.();
  };
  /** The focus's ranking was answered (or not asked for in time): a long read yields the cores now. */
  const release = (): void => {
    waitingFor = undefined;
    clearTimeout(focusTimer);
    if (reading) yieldOnce();
  };
  let engine: Engine | undefined;
  let stopping: Promise<void> | undefined;
  const queue: Queued[] = [];
  const running = new Map<number, AbortController>();
  let draining = false;

  const log: Logger = {
    info: (message) => port.send({ type: 'event', event: 'log', data: { level: 'info', message } }),
    warn: (message) => port.send({ type: 'event', event: 'log', data: { level: 'warn', message } }),
    error: (message) => port.send({ type: 'event', event: 'log', data: { level: 'error', message } }),
  };

  const respond = (id: number, outcome: { result: unknown } | { error: unknown }) => {
    running.delete(id);
    if ('result' in outcome) port.send({ type: 'response', id, result: outcome.result });
    else port.send({ type: 'response', id, error: errorMessage(outcome.error) });
  };

  const invoke = (method: EngineMethod, params: readonly unknown[], signal: AbortSignal): unknown => {
    if (!engine) throw new Error('the engine has not started');
    if (method === 'index') {
      let lastSent = 0;
      let lastPhase = '';
      // With a focus (the active editor's file), a long read yields the cores only once the first
      // ranking of it is answered: the few files it needs and that ranking are what the user waits on.
      const focus = (params as EngineParams<'index'>)[0];
      indexing = true;
      waitingFor = focus;
      const partial = engine.onDidChange(() => {
        if (waitingFor !== undefined && focusTimer === undefined && engine?.canRank(waitingFor)) {
          armFocusTimer();
        }
      });
      const indexed = engine.index(
        (progress) => {
          if (progress.phase === 'extract' && progress.total >= YIELD_CORES_READ_FILES) {
            reading = true;
            if (waitingFor === undefined) yieldOnce();
          }
          const now = performance.now();
          if (progress.phase === lastPhase && now - lastSent < PROGRESS_EVENT_INTERVAL_MS) return;
          lastSent = now;
          lastPhase = progress.phase;
          port.send({ type: 'event', event: 'progress', data: progress });
        },
        signal,
        focus,
      );
      void indexed
        .finally(() => {
          partial.dispose();
          indexing = false;
          waitingFor = undefined;
          reading = false;
          clearTimeout(focusTimer);
          focusTimer = undefined;
          yieldAfterRanking = true;
          setTimeout(yieldOnce, FIRST_RANKING_WAIT_MS).unref?.();
        })
        .catch(() => undefined); // the request's own handler reports a failure
      return indexed;
    }
    // A new active file while an index runs, before the cores were yielded: its ranking is the one waited on now.
    if (method === 'refocus' && indexing && !yielded) {
      waitingFor = (params as EngineParams<'refocus'>)[0];
      clearTimeout(focusTimer);
      focusTimer = undefined;
    }
    // Its AbortSignal is the request's: a cancel drops the wait.
    if (method === 'rankWhenRankable') return engine.rankWhenRankable((params as EngineParams<'rankWhenRankable'>)[0], signal);
    const fn = (engine as unknown as Record<string, unknown>)[method];
    if (typeof fn !== 'function' || method === ('dispose' as string) || method === ('onDidChange' as string))
      throw new Error(`unknown request ${method}`);
    const call = (): unknown => (fn as Callable).apply(engine, params as unknown[]);
    return engine.databaseOpening && !ANSWERED_BEFORE_THE_DATABASE.has(method) ? engine.whenStoreOpen(call) : call();
  };

  const run = (item: Queued): void => {
    if (item.type === 'batch') {
      for (const call of item.calls) {
        try {
          const result = invoke(call.method, call.params, new AbortController().signal);
          if (result instanceof Promise) result.catch((error: unknown) => log.warn(`${call.method} failed: ${errorMessage(error)}`));
        } catch (error) {
          log.warn(`${call.method} failed: ${errorMessage(error)}`);
        }
      }
      return;
    }
    const abort = new AbortController();
    running.set(item.id, abort);
    const ranking = isRanking(item);
    const file = ranking ? (item.params as EngineParams<'rank'>)[0].file : undefined;
    if (item.method === 'rankWhenRankable') waits.set(item.id, file);
    const done = (): void => {
      waits.delete(item.id);
      if (ranking) rankingsAsked--;
    };
    try {
      // Not awaited: a ranking waiting in the engine (rankWhenRankable) holds no later request back.
      Promise.resolve(invoke(item.method, item.params, abort.signal))
        .then(
          (result) => {
            respond(item.id, { result });
            if (!ranking) return;
            if (yieldAfterRanking) yieldOnce();
            if (waitingFor !== undefined && file === waitingFor && engine?.canRank(file)) release();
          },
          (error: unknown) => respond(item.id, { error }),
        )
        .finally(done);
    } catch (error) {
      done();
      respond(item.id, { error });
    }
  };

  // One queued item per turn of the event loop: messages that arrive meanwhile (a cancel, a newer
  // request) are read before the next item runs, so a superseded ranking is dropped, not computed.
  const drain = (): void => {
    const item = queue.shift();
    if (item) run(item);
    if (indexing) takeRankings();
    if (queue.length > 0) setImmediate(drain);
    else draining = false;
  };
  /**
   * A ranking asked while an index runs is taken as soon as it arrives, not after the queue's turns: the engine
   * thread reads its messages between slices of the index (often the index request and the ranking together),
   * one queued item per slice, slow once the engine is niced on a busy machine. One that waits for its file
   * (rankWhenRankable) only registers until then; the focus may come in before the queue reaches it.
   * The view asks the active task together with it and shows neither without the other, so a task request
   * queued before it is taken too: else the ranking's answer would wait in the view for the task's turn.
   */
  const takeRankings = (): void => {
    for (let at = queue.findIndex(isRanking); at >= 0; at = queue.findIndex(isRanking)) {
      const before = queue.slice(0, at);
      const taken = [...before.filter(isTaskRequest), queue[at]];
      queue.splice(0, at + 1, ...before.filter((item) => !isTaskRequest(item)));
      for (const item of taken) run(item);
    }
  };
  const isTaskRequest = (item: Queued): boolean => item.type === 'request' && item.method === 'activeTask';
  /** A ranking of the focus counts for the cores' yield whether asked at once or to wait until it can be ranked. */
  const isRanking = (item: Queued): item is RequestMessage<'rank' | 'rankWhenRankable'> =>
    item.type === 'request' && (item.method === 'rank' || item.method === 'rankWhenRankable');
  const enqueue = (item: Queued): void => {
    if (isRanking(item)) rankingsAsked++;
    queue.push(item);
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
  };

  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      for (const abort of running.values()) abort.abort();
      try {
        await engine?.dispose();
      } catch (error) {
        process.stderr.write(`engine did not close cleanly: ${errorDetail(error)}\n`);
      }
    })());

  port.onMessage((message) => {
    switch (message.type) {
      case 'start': {
        if (message.version !== ENGINE_PROTOCOL_VERSION) {
          port.send({
            type: 'startFailed',
            message: `engine speaks protocol ${ENGINE_PROTOCOL_VERSION}, the extension ${message.version}: reinstall the extension`,
          });
          return;
        }
        const received = performance.now();
        const receivedCpuMs = cpuNow();
        create({ ...message.options, log }).then(
          (created) => {
            engine = created;
            const made = `in ${Math.round(performance.now() - received)} ms (${Math.round(cpuNow() - receivedCpuMs)} ms of CPU)`;
            log.info(
              `engine loaded ${Math.round(loadedAt)} ms after its process started (runtime and bundle, ${Math.round(loadedCpuMs)} ms of CPU); ` +
                (created.databaseOpening ? `made ${made}, its new database to open later` : `database opened ${made}`),
            );
            created.onDidChange(() => port.send({ type: 'event', event: 'changed', data: { state: created.state } }));
            // A cold start (no database yet) has seconds of indexing ahead while VS Code itself starts: it takes
            // the cores only as the host thread and the workbench leave them, its first ranking included.
            if (created.databaseOpening) yieldOnce();
            port.send({ type: 'ready', version: ENGINE_PROTOCOL_VERSION, pid: process.pid });
          },
          (error: unknown) => port.send({ type: 'startFailed', message: errorMessage(error) }),
        );
        return;
      }
      case 'request':
      case 'batch':
        enqueue(message);
        if (indexing) takeRankings();
        return;
      case 'cancel': {
        const at = queue.findIndex((q) => q.type === 'request' && q.id === message.id);
        if (at >= 0) {
          if (isRanking(queue[at])) rankingsAsked--;
          queue.splice(at, 1);
          port.send({ type: 'response', id: message.id, error: CANCELLED, cancelled: true });
        } else running.get(message.id)?.abort();
        return;
      }
      case 'shutdown':
        void stop().then(() => {
          port.send({ type: 'stopped' });
          exit(0);
        });
        return;
    }
  });
  port.onClose(() => void stop().then(() => exit(0)));
}
