/**
 * How late a 10 ms timer fires on this thread: every millisecond of lateness is a millisecond the
 * thread was busy with something else. Shared by the engine-runtime benchmark (the host-stall
 * benchmark's probe runs inside VS Code: bench/hostStall/probe.cjs, same figures).
 */
export const PROBE_INTERVAL_MS = 10;
/** Lateness that a user notices as a hitch, and as a freeze. */
export const STALL_MS = 50;
export const LONG_STALL_MS = 200;

export interface Lateness {
  readonly samples: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly over50: number;
  readonly over200: number;
  /** Total lateness of the stalls over 50 ms. */
  readonly blockedMs: number;
}

export function summarise(lates: readonly number[]): Lateness {
  const sorted = [...lates].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const stalls = sorted.filter((x) => x > STALL_MS);
  return {
    samples: sorted.length,
    p50: q(0.5),
    p99: q(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    over50: stalls.length,
    over200: sorted.filter((x) => x > LONG_STALL_MS).length,
    blockedMs: stalls.reduce((a, b) => a + b, 0),
  };
}

export function latenessProbe(): { stop(): Lateness } {
  const lates: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lates.push(Math.max(0, now - last - PROBE_INTERVAL_MS));
    last = now;
  }, PROBE_INTERVAL_MS);
  return {
    stop() {
      clearInterval(timer);
      return summarise(lates);
    },
  };
}
