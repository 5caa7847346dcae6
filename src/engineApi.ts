/**
 * The engine's public surface: what every face (extension, CLI, MCP server, LM tool) may call.
 * The implementation is `Engine` in engine.ts; faces depend on these types only, which keeps
 * them thin and lets their tests drive a real engine on a fixture folder.
 *
 * Paths: the API takes and returns absolute file-system paths at its edges (editors and agents
 * speak in absolute paths) plus the workspace-relative path inside each RankedFile.
 */
import type { RankedFile, SignalName } from './core/ranking';
import type { AgentLogRow, AgentReadKind, AgentSource, RankingLogRow } from './store/records';
import type { PresetName } from './core/presets';
import type { ReferenceAt } from './workspace/fileReferences';
import type { WorkspaceWeights } from './core/workspaceWeights';

export type { AgentLogRow, AgentReadKind, AgentSource };

export type { PresetName, ReferenceAt };

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface EngineOptions {
  /** Workspace folders (absolute). One graph per folder. */
  readonly roots: readonly string[];
  /** SQLite file for this workspace; undefined = memory only (nothing persisted). */
  readonly dbPath?: string;
  /** Extra exclude globs (setting relatedFiles.exclude). */
  readonly exclude?: readonly string[];
  /** Read git history (setting relatedFiles.history.enabled, and false in untrusted workspaces). */
  readonly historyEnabled?: boolean;
  /** Why history is off, shown as evidence ("off in restricted mode"). */
  readonly historyOffReason?: string;
  readonly recencyHalfLifeMinutes?: number;
  readonly preset?: PresetName;
  /** Per-signal overrides of the preset (setting relatedFiles.weights.*). */
  readonly weights?: Partial<Record<SignalName, number>>;
  readonly limit?: number;
  /** Keep raw activity events for "Export Session Log" (setting relatedFiles.sessions.record; opt-in). */
  readonly recordSessions?: boolean;
  /** Log agents' answers and what they read next (setting relatedFiles.log.agents, `mcp --no-log`); default true. */
  readonly logAgents?: boolean;
  /**
   * Rank with the weights tuned on this workspace's own history in place of `default`, when they
   * were adopted (setting relatedFiles.tuning.enabled; `rank --default-weights` turns it off); default true.
   */
  readonly workspaceWeights?: boolean;
  /** Tune on each folder's own git history in the background after indexing (setting relatedFiles.tuning.enabled); default false. */
  readonly tuneWorkspace?: boolean;
  /** Wait this long after indexing (or a new HEAD) before tuning starts, so the first rankings come first; default TUNE_DELAY_MS. */
  readonly tuneDelayMs?: number;
  /**
   * `index()` resolves once the graphs are built, before git history (and a warm start's file
   * words) arrive; those follow as a change. For an editor, which wants a first ranking soon;
   * batch callers (CLI, eval) leave it off and get history with the index.
   */
  readonly readyBeforeHistory?: boolean;
  readonly log?: Logger;
  /** Clock, injectable for tests. */
  readonly now?: () => number;
}

export interface IndexProgress {
  readonly root: string;
  readonly phase: 'list' | 'read' | 'extract' | 'resolve' | 'history' | 'done';
  readonly done: number;
  readonly total: number;
}

export interface FolderStats {
  readonly root: string;
  readonly files: number;
  readonly edges: number;
  readonly skipped: number;
  readonly unresolved: number;
  readonly commits: number;
  /** Time spent on the file index (list, read, extract, resolve). */
  readonly ms: number;
  /** Time spent reading git history. */
  readonly historyMs?: number;
  /** History was still being read when the index was reported (`readyBeforeHistory`); `commits` is then 0. */
  readonly historyPending?: boolean;
  /** True when the graph came back from the database and only changed files were re-read. */
  readonly warm?: boolean;
}

export type EngineState = 'empty' | 'indexing' | 'ready';

export interface RankRequest {
  /** Absolute path of the query file; undefined ranks by task, recency and co-change with openFiles. */
  readonly file?: string;
  readonly limit?: number;
  readonly preset?: PresetName;
  readonly weights?: Partial<Record<SignalName, number>>;
  readonly searchTerms?: readonly string[];
  readonly taskId?: string;
  /**
   * What the person or agent is doing, in their words ("why does vi.mock hoisting fail?"); the
   * contentMatch signal looks for its words in file contents. Without it, the name of the explicit
   * task in progress (or of `taskId`) is used.
   */
  readonly task?: string;
  /** Absolute paths of other open editors. */
  readonly openFiles?: readonly string[];
}

export interface RankAnswer {
  /** Absolute folder the ranking is relative to; undefined when no folder holds the file. */
  readonly root?: string;
  readonly files: readonly RankedFile[];
  /** A sentence for the user when the answer is partial or empty ("indexing 120 / 5,900 files", "file is outside the workspace"). */
  readonly note?: string;
  /**
   * False when the index reads no reference edges out of the query file (no language reads its
   * kind: it is ranked by name, path, history and activity only); undefined without a query file.
   */
  readonly readsReferences?: boolean;
  readonly ms: number;
}

export type ActivityKind = 'view' | 'edit' | 'save';

/** The weights tuned on one folder's history (src/core/workspaceWeights.ts), as the picker and the report show them. */
export interface FolderWeights {
  readonly root: string;
  /** The last outcome (undefined before the first tuning, or when the folder is not in a git repository). */
  readonly outcome?: WorkspaceWeights;
  /** True when HEAD has moved since the outcome was tuned: a re-tuning follows later. */
  readonly stale: boolean;
  readonly running: boolean;
  /** Why no tuning ran or the last one failed (no git history, history off, an error). */
  readonly note?: string;
}

export interface TaskInfo {
  readonly id: string;
  readonly name: string;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly active: boolean;
  readonly implicit: boolean;
  /** Absolute paths with visits and flag. */
  readonly files: readonly { path: string; visits: number; flagged: boolean }[];
}

/** An answer given to an agent, as its face reports it. */
export interface AgentAnswer {
  readonly source: AgentSource;
  /** Absolute path of the query file. */
  readonly query: string;
  /** The task the agent named; the active task is logged when absent. */
  readonly taskId?: string;
  /** The preset the request named; the configured one is logged when absent. */
  readonly preset?: PresetName;
  /** The files returned, best first (RankedFile.path: relative to the query's folder). */
  readonly returned: readonly string[];
}

export interface SessionLogExport {
  /** One JSON object per line (the format `related-files replay` reads); '' when there is nothing. */
  readonly text: string;
  readonly sessions: number;
  /** Sessions left out: no git commit to replay them on, or fewer than two files. */
  readonly withoutBase: number;
  readonly tooShort: number;
  readonly events: number;
}

export interface EngineApi {
  readonly state: EngineState;
  /**
   * Index every folder (warm from the database when possible). Resolves when done or aborted.
   * `focus` (an absolute path: the active editor's file) is read first on a cold start, so `rank`
   * answers for it, with a note that the list is partial, while the rest is read; a change event
   * says when that becomes possible and, every few seconds, when more of the graph is in.
   */
  index(onProgress?: (p: IndexProgress) => void, signal?: AbortSignal, focus?: string): Promise<FolderStats[]>;
  /** The active file changed while indexing: a cold index reads it and its folder next (as `index`'s focus). */
  refocus(path: string): void;
  /** Unsaved editor text; returns true when the file's import set changed. Cheap: call on every edit. */
  updateFile(path: string, text: string): boolean;
  /** A file appeared or changed on disk (saved, checked out, written by a tool): read from disk, indexed or skipped with its reason. */
  fileCreated(path: string): Promise<void>;
  /** A file or folder is gone from disk. Events of one turn are applied together, in the next: each call resolves once its turn's are. */
  fileDeleted(path: string): Promise<void>;
  fileRenamed(oldPath: string, newPath: string): Promise<void>;
  recordActivity(kind: ActivityKind, path: string, time?: number): void;
  rank(request: RankRequest): RankAnswer;
  /**
   * `rank`, answered once the request's file can be ranked (its references are in the graph: a cold
   * index reads the focus first) or the running index ends or fails, whichever comes first; at once
   * when no index runs or the file can be ranked already. An editor asks this while indexing, so its
   * ranking waits in the engine, not behind a change event's trip to it and back. `signal` drops it.
   */
  rankWhenRankable(request: RankRequest, signal?: AbortSignal): Promise<RankAnswer>;
  /** The breakdown of one candidate for one query (hover over an import). */
  explain(file: string, candidate: string, request?: Omit<RankRequest, 'file'>): { rank: number; file: RankedFile } | undefined;
  /**
   * The reference written at `offset` of `file` (in `text`, the editor's unsaved text; in the file on
   * disk when absent), read by the file's language and resolved as the index resolves it; undefined
   * when no reference is there or the file is not indexed. TS/JS files answer for their extras
   * (Angular `templateUrl`, `new URL(...)`), not their imports.
   */
  referenceAt(file: string, offset: number, text?: string): ReferenceAt | undefined;
  startTask(name: string): TaskInfo;
  endTask(): TaskInfo | undefined;
  renameTask(name: string): TaskInfo | undefined;
  setFlag(path: string, flagged: boolean): void;
  activeTask(): TaskInfo;
  /** Records one visit of `path` in task `taskId` (an agent's own exploration); undefined when no task has that id. */
  markExplored(taskId: string, path: string): TaskInfo | undefined;
  /** Root-relative ('/' separators) paths of every indexed file of that folder. */
  listFiles(root: string): readonly string[];
  /** Online measure: what was shown for a query, and what the user opened next. */
  logShown(query: string, shown: readonly string[]): void;
  logOpened(path: string): void;
  /** Rankings shown since `since` (epoch ms) and what was opened next: the online hit rate's data. */
  rankingLog(since?: number): readonly RankingLogRow[];
  /** Agents' online measure: an answer given to an agent (nothing is logged when logAgents is off or nothing was returned). */
  logAgentAnswer(answer: AgentAnswer): void;
  /**
   * A file (absolute path) an agent went on to after an answer: it becomes the first read of the
   * most recent answer this engine logged, if that answer has none yet, is in the same folder, is
   * not about this file itself, and is at most AGENT_READ_WINDOW_MS old. Paths outside every folder are ignored.
   */
  logAgentRead(path: string, kind: AgentReadKind): void;
  /** Agent answers since `since` (epoch ms) and the first file read after each. */
  agentLog(since?: number): readonly AgentLogRow[];
  /** Recorded activity as replayable session JSON lines (needs relatedFiles.sessions.record and git). */
  exportSessionLog(since?: number): Promise<SessionLogExport>;
  /** Each folder's weights tuned on its own history: the stored outcome, whether HEAD moved since, whether a tuning runs. */
  workspaceWeights(): readonly FolderWeights[];
  /** Tunes every folder now (the "re-tune" command), whatever is stored; answers the new outcomes. */
  retuneWorkspace(): Promise<readonly FolderWeights[]>;
  /** Settings changed: new weights, preset, excludes, half-life... */
  configure(options: Partial<EngineOptions>): void;
  /** Listeners fire after the graph or memory changed in a way that can change rankings. */
  onDidChange(listener: () => void): { dispose(): void };
  save(): Promise<void>;
  dispose(): Promise<void>;
}
