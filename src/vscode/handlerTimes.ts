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
}

interface Tally {
  calls: number;
  maxMs: number;
  overBudget: number;
  readonly recent: Float64Array;
}

export class HandlerTimes {
  private readonly tallies = new Map<string, Tally>();

  constructor(private readonly samples = HANDLER_SAMPLES) {}

  record(name: string, ms: number): void {
    let tally = this.tallies.get(name);
    if (!tally) {
      tally = { calls: 0, maxMs: 0, overBudget: 0, recent: new Float64Array(this.samples) };
      this.tallies.set(name, tally);
    }
    tally.recent[tally.calls % this.samples] = ms;
    tally.calls++;
    if (ms > tally.maxMs) tally.maxMs = ms;
    if (ms > HANDLER_BUDGET_MS) tally.overBudget++;
  }

  /** `fn`, timed under `name` (its synchronous part, also when it throws). */
  time<A extends unknown[], R>(name: string, fn: (...args: A) => R): (...args: A) => R {
    return (...args: A) => {
      const started = performance.now();
      try {
        return fn(...args);
      } finally {
        this.record(name, performance.now() - started);
      }
    };
  }

  /** Calls, p99 of the recent calls and the max of all, per handler name. */
  summary(): Record<string, HandlerSummary> {
    const out: Record<string, HandlerSummary> = {};
    for (const [name, tally] of this.tallies) {
      const kept = Array.from(tally.recent.subarray(0, Math.min(tally.calls, this.samples))).sort((a, b) => a - b);
      out[name] = { calls: tally.calls, p99Ms: percentile(kept, 0.99), maxMs: tally.maxMs, overBudget: tally.overBudget };
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
