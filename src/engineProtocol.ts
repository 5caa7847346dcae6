/**
 * The messages between the extension and its engine process: every request and event, typed and
 * versioned. Requests are named after EngineApi methods and their types derive from that interface,
 * so a method added there is carried without touching this file; only callbacks (index progress,
 * change listeners) and the life cycle (start, shutdown) have messages of their own.
 *
 * Order: the engine answers requests in the order they arrive, and a batch of notifications is
 * applied before any request sent after it; a ranking asked while an index runs is taken ahead of the
 * queue with the task request before it (a rankWhenRankable waits for its file, then ranks). A cancelled request that has not started is dropped;
 * a running one sees its AbortSignal fire (index) or its answer is thrown away by the caller.
 */
import type { EngineApi, EngineOptions, EngineState, IndexProgress, RankRequest } from './engineApi';

/** Bumped on any change that an older engine bundle would misread or not know (the extension and engine ship together); 2: rankWhenRankable. */
export const ENGINE_PROTOCOL_VERSION = 2;

type Callable = (...args: never[]) => unknown;

/** EngineApi methods that are not requests: change listeners are the `changed` event, dispose is `shutdown`. */
type LocalOnly = 'onDidChange' | 'dispose';

/** Every EngineApi method the extension can call in the engine. */
export type EngineMethod = Exclude<{ [K in keyof EngineApi]: EngineApi[K] extends Callable ? K : never }[keyof EngineApi], LocalOnly>;

/**
 * What goes over the wire: index's progress callback and AbortSignal stay in the caller (progress
 * events, cancel); its focus goes. rankWhenRankable's AbortSignal is the request's cancel too.
 */
export type EngineParams<M extends EngineMethod> = M extends 'index'
  ? [focus?: string]
  : M extends 'rankWhenRankable'
    ? [request: RankRequest]
    : Parameters<EngineApi[M]>;
export type EngineResult<M extends EngineMethod> = Awaited<ReturnType<EngineApi[M]>>;

/**
 * The engine as the extension sees it: the same methods, each answering with a promise, plus the
 * state the engine last reported. Written against this, a face works with a remote or an in-process engine.
 */
export type RemoteEngine = {
  readonly [M in EngineMethod]: (...args: Parameters<EngineApi[M]>) => Promise<EngineResult<M>>;
} & {
  readonly state: EngineState;
  onDidChange(listener: () => void): { dispose(): void };
  /** The same requests, cancellable: an aborted `signal` drops the request or discards its answer. */
  request<M extends EngineMethod>(method: M, params: EngineParams<M>, signal?: AbortSignal): Promise<EngineResult<M>>;
};

/** Options that cross the boundary: the logger and clock are the engine side's own. */
export type EngineStartOptions = Omit<EngineOptions, 'log' | 'now'>;

// ---- extension -> engine ---------------------------------------------------------------------

export interface StartMessage {
  readonly type: 'start';
  readonly version: number;
  readonly options: EngineStartOptions;
}

export interface RequestMessage<M extends EngineMethod = EngineMethod> {
  readonly type: 'request';
  readonly id: number;
  readonly method: M;
  readonly params: EngineParams<M>;
}

/** Calls whose answers nobody waits for (editor events), applied in order; sent together to save messages. */
export interface BatchMessage {
  readonly type: 'batch';
  readonly calls: readonly { readonly method: EngineMethod; readonly params: readonly unknown[] }[];
}

export interface CancelMessage {
  readonly type: 'cancel';
  readonly id: number;
}

/** Save and exit; answered by `stopped`. */
export interface ShutdownMessage {
  readonly type: 'shutdown';
}

export type HostMessage = StartMessage | RequestMessage | BatchMessage | CancelMessage | ShutdownMessage;

// ---- engine -> extension ---------------------------------------------------------------------

export interface ReadyMessage {
  readonly type: 'ready';
  readonly version: number;
  readonly pid: number;
}

/** The engine could not start (bad database folder, wrong protocol version): not worth retrying. */
export interface StartFailedMessage {
  readonly type: 'startFailed';
  readonly message: string;
}

export type ResponseMessage =
  | { readonly type: 'response'; readonly id: number; readonly result: unknown }
  | { readonly type: 'response'; readonly id: number; readonly error: string; readonly cancelled?: boolean };

/** The events the engine sends on its own. */
export interface EngineEvents {
  /** Index progress, per file (the extension throttles what it shows). */
  readonly progress: IndexProgress;
  /** The graph or memory changed in a way that can change rankings. */
  readonly changed: { readonly state: EngineState };
  readonly log: { readonly level: 'info' | 'warn' | 'error'; readonly message: string };
}

export type EventMessage = {
  [E in keyof EngineEvents]: { readonly type: 'event'; readonly event: E; readonly data: EngineEvents[E] };
}[keyof EngineEvents];

export interface StoppedMessage {
  readonly type: 'stopped';
}

export type EngineMessage = ReadyMessage | StartFailedMessage | ResponseMessage | EventMessage | StoppedMessage;

/** The error text of a request dropped because a newer one superseded it. */
export const CANCELLED = 'cancelled';
