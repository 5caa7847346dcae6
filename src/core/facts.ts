/**
 * The facts the ranker reads, and the context of one ranking request.
 *
 * Everything here is plain data handed in by the engine (or by the eval harness, which
 * builds the same facts from git objects). Every part may be empty: a signal whose facts
 * are missing scores 0 and says why in its evidence.
 */
import type { ImportGraph } from './graph';
import type { HistoryFacts } from './commitHistory';
import type { ContentIndex } from './contentIndex';

/** What the ranking is about. Paths are relative to the graph's root, '/' separators. */
export interface RankingContext {
  /** The file in the active editor; absent when no file is open (ranking falls back to task, recency, co-change with openFiles). */
  readonly queryFile?: string;
  /** Restrict task facts to this task id; default: the active task in facts.task. */
  readonly taskId?: string;
  /** Words typed by the user or agent; enable the nameMatch and contentMatch signals. */
  readonly searchTerms?: readonly string[];
  /** What the person or agent is doing, in their words (an agent's task, the active task's name); read by contentMatch. */
  readonly taskText?: string;
  /** Other files open in the editor (the working set). */
  readonly openFiles?: readonly string[];
}

/** Editor activity for one file. Times are epoch milliseconds. */
export interface FileActivity {
  readonly lastViewed?: number;
  readonly lastEdited?: number;
  readonly viewCount: number;
  readonly editCount: number;
}

/** A file explored during a task. */
export interface TaskFile {
  readonly visits: number;
  readonly flagged: boolean;
  readonly firstAt: number;
  readonly lastAt: number;
}

/** The active (or requested) task: explicit, or the implicit session since the window opened. */
export interface TaskFacts {
  readonly id: string;
  readonly name: string;
  /** True for the implicit "this session" task. */
  readonly implicit: boolean;
  readonly files: ReadonlyMap<string, TaskFile>;
}

export interface RankingFacts {
  readonly graph: ImportGraph;
  /** "Now" in epoch ms; injected so eval and tests are deterministic. */
  readonly now: number;
  readonly activity: ReadonlyMap<string, FileActivity>;
  readonly task?: TaskFacts;
  readonly history?: HistoryFacts;
  /** The words of every indexed file (contentSimilarity, contentMatch); absent when contents are not indexed. */
  readonly content?: ContentIndex;
  /** Recency half-life in ms (setting relatedFiles.recencyHalfLifeMinutes; default 2 h). */
  readonly recencyHalfLifeMs: number;
}
