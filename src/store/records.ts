/**
 * The rows the store reads and writes, as plain data. Shapes mirror the tables of schema.ts;
 * paths are relative to `root` (an absolute folder) with '/' separators; times are epoch ms.
 */
import type { EdgeKind } from '../core/graph';

/** One indexed file with its resolved out-edges: what a warm start needs to skip re-reading it. */
export interface FileRecord {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly hash: string;
  /** Who read the file's references: 'ts', a language's id, 'none' or 'config' (see the index's FileRecord). */
  readonly kind?: string;
  readonly edges: readonly { readonly to: string; readonly specifier: string; readonly kind: EdgeKind }[];
  /** Imports that did not become edges, with why (unresolved, external...): kept for warm starts. */
  readonly loose?: readonly { readonly specifier: string; readonly kind: EdgeKind; readonly outcome: string }[];
}

/** A non-merge commit as stored: files under their current names. `mine` is decided at load time from the author. */
export interface StoredCommit {
  readonly sha: string;
  readonly time: number;
  readonly author: string;
  readonly files: readonly string[];
}

/** Where the last history read of a root stopped. */
export interface HistoryState {
  readonly head: string;
  readonly userEmail?: string;
  readonly readAt: number;
}

/** 'create' is a file made in the editor: kept as an event for session export, it moves the edit time. */
export type ActivityEventKind = 'view' | 'edit' | 'save' | 'create';

export interface ActivityEvent {
  readonly time: number;
  readonly root: string;
  readonly path: string;
  readonly kind: ActivityEventKind;
}

export interface ActivityRow {
  readonly path: string;
  readonly lastViewed?: number;
  readonly lastEdited?: number;
  readonly viewCount: number;
  readonly editCount: number;
}

export interface TaskRow {
  readonly id: string;
  readonly name: string;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly active: boolean;
  readonly implicit: boolean;
}

export interface TaskFileRow {
  readonly taskId: string;
  readonly root: string;
  readonly path: string;
  readonly firstAt: number;
  readonly lastAt: number;
  readonly visits: number;
  readonly flagged: boolean;
}

/** One ranking shown to the user, and the file opened next (if any): the online hit rate's raw data. */
export interface RankingLogRow {
  readonly id: number;
  readonly time: number;
  readonly root?: string;
  readonly queryPath: string;
  readonly shown: readonly string[];
  readonly openedPath?: string;
  readonly openedAt?: number;
}

/** Who answered an agent: the MCP server (`related-files mcp`) or the VS Code language-model tool. */
export type AgentSource = 'mcp' | 'lm-tool';

/**
 * How an agent showed it went on to a file after an answer: it asked about it (get_related_files),
 * mapped it (get_project_map with a path), marked it explored, opened or edited it in VS Code
 * while a chat request ran, or changed it on disk while the MCP server ran.
 */
export type AgentReadKind = 'asked' | 'mapped' | 'explored' | 'opened' | 'edited' | 'changed';

/** One answer given to an agent, and the first file it read after it (if any): the agents' online hit rate's raw data. */
export interface AgentLogRow {
  readonly id: number;
  readonly time: number;
  readonly root: string;
  readonly source: AgentSource;
  readonly queryPath: string;
  /** The task the answer was ranked for (the agent's task_id, else the task active then). */
  readonly taskId?: string;
  /** The preset ranked with; '+custom' marks overridden weights. */
  readonly preset: string;
  /** Root-relative paths in the order returned, best first. */
  readonly returned: readonly string[];
  readonly readPath?: string;
  readonly readAt?: number;
  readonly readKind?: AgentReadKind;
}
