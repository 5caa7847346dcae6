/**
 * QueryScope: one ranking request with everything every signal needs that does not depend on
 * the candidate: the file table, the query's id, one breadth-first search from it, and the
 * anchor files co-change is measured against. Built once per rankFiles / explainFile call.
 */
import type { RankingContext, RankingFacts } from './facts';
import type { HistoryFacts } from './commitHistory';
import { fileTable, type FileTable } from './fileTable';
import { importDistances, type Distances } from './importDistance';

/** proximity counts import distances up to 4 hops; beyond that files are unrelated. */
export const MAX_HOPS = 4;

export interface QueryScope {
  readonly context: RankingContext;
  readonly facts: RankingFacts;
  readonly table: FileTable;
  /** context.queryFile, when given. */
  readonly queryPath?: string;
  /** The query's id in the graph; -1 without a query file or when it is not indexed. */
  readonly queryId: number;
  /** Undirected BFS from the query to MAX_HOPS; undefined when queryId is -1. */
  readonly bfs?: Distances;
  /** Files co-change is measured against: the query file, or without one the open files. */
  readonly anchors: readonly string[];
  readonly anchorSet: ReadonlySet<string>;
  /** History with at least one commit; undefined when there is none. */
  readonly history?: HistoryFacts;
}

export function prepareQuery(context: RankingContext, facts: RankingFacts): QueryScope {
  const table = fileTable(facts.graph);
  const queryPath = context.queryFile;
  const queryId = queryPath === undefined ? -1 : (facts.graph.idOf(queryPath) ?? -1);
  const bfs = queryId >= 0 ? importDistances(facts.graph, queryId, MAX_HOPS) : undefined;
  const anchors = queryPath !== undefined ? [queryPath] : [...new Set(context.openFiles ?? [])];
  const history = facts.history && facts.history.commits.length > 0 ? facts.history : undefined;
  return { context, facts, table, queryPath, queryId, bfs, anchors, anchorSet: new Set(anchors), history };
}

/** Why there is no history, for evidence: the reader's note or "no git history". */
export function noHistoryReason(scope: QueryScope): string {
  return scope.facts.history?.note ?? 'no git history';
}
