/**
 * A real repository as ranking facts for bench/rank: the import graph from WorkspaceIndex and the
 * commit history from one git log pass, as the engine builds them. Activity and task are empty
 * (a cold editor), so the figures are for the graph and history signals at their real sizes.
 */
import { WorkspaceIndex } from '../src/workspace/workspaceIndex';
import { DiskSourceHost } from '../src/workspace/diskSourceHost';
import { readHistory } from '../src/history/gitHistory';
import { historyFacts } from '../src/core/commitHistory';
import type { RankingFacts } from '../src/core/facts';

export async function loadRealWorkspace(root: string, now: number): Promise<{ label: string; facts: RankingFacts; files: readonly string[] }> {
  const index = new WorkspaceIndex(new DiskSourceHost(root));
  const stats = await index.build();
  const history = await readHistory(root);
  const facts: RankingFacts = {
    graph: index.graph,
    now,
    activity: new Map(),
    history: historyFacts(history.commits, history.note),
    content: index.content,
    recencyHalfLifeMs: 2 * 3_600_000,
  };
  const name = root.replace(/\/+$/, '').split('/').pop();
  console.log(
    `${name}: indexed ${stats.files} files, ${stats.edges} edges in ${Math.round(stats.timings.total)} ms; ${history.commits.length} commits`,
  );
  return { label: `real: ${name}`, facts, files: index.graph.files() };
}
