/**
 * How long each of the extension's handlers holds the extension-host thread (the one every
 * extension shares): editor and file events, view callbacks, engine state changes. Each handler's
 * synchronous part is timed — an async handler's awaits leave the thread free, so they are not
 * its cost. Always on (two clock reads per call); the host-stall benchmark reads the summary
 * through the extension's exports.
 */
import type * as vscode from 'vscode';

/** What a handler on the shared thread may take; calls over it are counted. */
export const HANDLER_BUDGET_MS = 5;
/** Durations kept per handler for its percentiles: the most recent ones (the max covers every call). */
export const HANDLER_SAMPLES = 4096;

export interface HandlerSummary {
  readonly calls: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Calls over HANDLER_BUDGET_MS (wall time: a thread the OS preempted counts as busy). */
  readonly overBudget: number;
  /**
   * The same for the thread's CPU time in the handler (what the handler itself spent, without the time
   * the OS ran something else; it includes a garbage collection the handler ran into). Absent where the
   * runtime cannot read a thread's CPU time (process.threadCpuUsage: Node 23.9 and later).
   */
  readonly maxCpuMs?: number;
  readonly overBudgetCpu?: number;
}

interface Tally {
  calls: number;
  maxMs: number;
  overBudget: number;
  maxCpuMs?: number;
  overBudgetCpu?: number;
  readonly recent: Float64Array;
}

/** This thread's CPU time in ms, or undefined where the runtime cannot say. */
export type ThreadCpuClock = (() => number) | undefined;

export function nodeThreadCpuClock(): ThreadCpuClock {
  const read = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
  if (typeof read !== 'function') return undefined;
  return () => {
    const { user, system } = read.call(process);
    return (user + system) / 1000;
  };
}

export class HandlerTimes {
  private readonly tallies = new Map<string, Tally>();

  constructor(
    private readonly samples = HANDLER_SAMPLES,
    private readonly threadCpuMs: ThreadCpuClock = nodeThreadCpuClock(),
  ) {}

  /** One call: its wall time and, where known, the thread's CPU time in it. */
  record(name: string, ms: number, cpuMs?: number): void {
    let tally = this.tallies.get(name);
    if (!tally) {
      tally = { calls: 0, maxMs: 0, overBudget: 0, recent: new Float64Array(this.samples) };
      this.tallies.set(name, tally);
    }
    tally.recent[tally.calls % this.samples] = ms;
    tally.calls++;
    if (ms > tally.maxMs) tally.maxMs = ms;
    if (ms > HANDLER_BUDGET_MS) tally.overBudget++;
    if (cpuMs !== undefined) {
      tally.maxCpuMs = Math.max(tally.maxCpuMs ?? 0, cpuMs);
      tally.overBudgetCpu = (tally.overBudgetCpu ?? 0) + (cpuMs > HANDLER_BUDGET_MS ? 1 : 0);
    }
  }

  /** `fn`, timed under `name` (its synchronous part, also when it throws). */
  time<A extends unknown[], R>(name: string, fn: (...args: A) => R): (...args: A) => R {
    const cpu = this.threadCpuMs;
    return (...args: A) => {
      const cpuStarted = cpu?.();
      const started = performance.now();
      try {
        return fn(...args);
      } finally {
        const ms = performance.now() - started;
        this.record(name, ms, cpuStarted === undefined ? undefined : cpu!() - cpuStarted);
      }
    };
  }

  /** Calls, p99 of the recent calls and the max of all, per handler name. */
  summary(): Record<string, HandlerSummary> {
    const out: Record<string, HandlerSummary> = {};
    for (const [name, tally] of this.tallies) {
      const kept = Array.from(tally.recent.subarray(0, Math.min(tally.calls, this.samples))).sort((a, b) => a - b);
      const cpu = tally.maxCpuMs === undefined ? {} : { maxCpuMs: tally.maxCpuMs, overBudgetCpu: tally.overBudgetCpu };
      out[name] = { calls: tally.calls, p99Ms: percentile(kept, 0.99), maxMs: tally.maxMs, overBudget: tally.overBudget, ...cpu };
    }
    return out;
  }
}

/** The value at fraction `p` of an ascending list (0 when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** A tree data provider whose getChildren and getTreeItem are timed (the view calls them on the host thread). */
export function timedTreeProvider<T>(provider: vscode.TreeDataProvider<T>, times: HandlerTimes): vscode.TreeDataProvider<T> {
  return {
    onDidChangeTreeData: provider.onDidChangeTreeData,
    getChildren: times.time('view.getChildren', (element?: T) => provider.getChildren(element)),
    getTreeItem: times.time('view.getTreeItem', (element: T) => provider.getTreeItem(element)),
    resolveTreeItem: provider.resolveTreeItem?.bind(provider),
    getParent: provider.getParent?.bind(provider),
  };
}
