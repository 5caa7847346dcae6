/**
 * Debounced "latest request wins": each schedule() supersedes the ones before it, so a slow, stale
 * ranking can never overwrite a fresher one in the view, and the superseded request's AbortSignal
 * fires so the engine can drop it. Pure (timers only), tested without VS Code.
 */

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const NODE_TIMERS: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class LatestOnly {
  private generation = 0;
  private timer: unknown;
  private running: AbortController | undefined;
  private disposed = false;

  constructor(
    private readonly delayMs: number,
    private readonly timers: Timers = NODE_TIMERS,
  ) {}

  /**
   * Runs `compute` after the debounce delay unless a newer request arrives first, and hands its
   * result to `apply` only if still no newer request arrived while it ran. `isCurrent` lets a
   * long computation stop early; `signal` aborts when a newer request (or cancel/dispose) supersedes
   * this one. Errors go to `onError` (never thrown into the caller's event loop); a superseded
   * computation's errors are dropped with its result.
   */
  schedule<T>(
    compute: (isCurrent: () => boolean, signal: AbortSignal) => T | Promise<T>,
    apply: (value: T) => void,
    onError: (error: unknown) => void = () => {},
    delayMs = this.delayMs,
  ): void {
    if (this.disposed) return;
    const generation = ++this.generation;
    const isCurrent = () => !this.disposed && generation === this.generation;
    this.abortRunning();
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      if (!isCurrent()) return;
      const abort = new AbortController();
      this.running = abort;
      Promise.resolve()
        .then(() => compute(isCurrent, abort.signal))
        .then(
          (value) => {
            if (isCurrent()) apply(value);
          },
          (error) => {
            if (isCurrent()) onError(error);
          },
        );
    }, delayMs);
  }

  /** Drops whatever is pending or running. */
  cancel(): void {
    this.generation++;
    this.abortRunning();
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.cancel();
    this.disposed = true;
  }

  private abortRunning(): void {
    this.running?.abort();
    this.running = undefined;
  }
}
