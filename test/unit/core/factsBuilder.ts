/**
 * Small in-memory facts for the ranker's tests: a graph from "a -> b" edge lists, activity, task
 * and history from plain objects. Everything not given is empty, as the engine may hand it.
 */
import { ImportGraph } from '../../../src/core/graph';
import { historyFacts, type CommitRecord } from '../../../src/core/commitHistory';
import type { FileActivity, RankingFacts, TaskFacts, TaskFile } from '../../../src/core/facts';
import { ContentIndex } from '../../../src/core/contentIndex';

export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface FactsSpec {
  /** Files without edges. */
  files?: string[];
  /** [from, to] import edges. */
  edges?: [string, string][];
  activity?: Record<string, Partial<FileActivity>>;
  task?: { name?: string; id?: string; implicit?: boolean; files: Record<string, Partial<TaskFile>> };
  /** Commits, oldest first: files, days before NOW, mine. */
  commits?: { files: string[]; daysAgo?: number; mine?: boolean }[];
  historyNote?: string;
  /** File texts for the content signals (path -> text); without it contents are not indexed. */
  content?: Record<string, string>;
}

export function buildGraph(files: string[] = [], edges: [string, string][] = []): ImportGraph {
  const graph = new ImportGraph();
  for (const f of files) graph.addFile(f);
  const bySource = new Map<string, string[]>();
  for (const [from, to] of edges) bySource.set(from, [...(bySource.get(from) ?? []), to]);
  for (const [from, targets] of bySource)
    graph.setEdges(
      from,
      targets.map((to) => ({ to, specifier: './' + to, kind: 'import' as const })),
    );
  return graph;
}

export function buildFacts(spec: FactsSpec = {}, graph = buildGraph(spec.files, spec.edges)): RankingFacts {
  const activity = new Map<string, FileActivity>(
    Object.entries(spec.activity ?? {}).map(([path, a]) => [path, { viewCount: 1, editCount: 0, ...a }]),
  );
  let task: TaskFacts | undefined;
  if (spec.task) {
    const files = new Map<string, TaskFile>(
      Object.entries(spec.task.files).map(([path, f]) => [path, { visits: 1, flagged: false, firstAt: NOW - HOUR, lastAt: NOW - MINUTE, ...f }]),
    );
    task = { id: spec.task.id ?? 't1', name: spec.task.name ?? 'fix login', implicit: spec.task.implicit ?? false, files };
  }
  const commits: CommitRecord[] | undefined = spec.commits?.map((c) => ({
    time: NOW - (c.daysAgo ?? 1) * DAY,
    mine: c.mine ?? false,
    files: c.files,
  }));
  const history = commits ? historyFacts(commits, spec.historyNote) : undefined;
  let content: ContentIndex | undefined;
  if (spec.content) {
    content = new ContentIndex();
    for (const [path, text] of Object.entries(spec.content)) content.setText(path, text);
  }
  return { graph, now: NOW, activity, task, history, content, recencyHalfLifeMs: 2 * HOUR };
}
