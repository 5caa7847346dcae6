/**
 * Replay speed (and, as a proxy, quality) on a real repository: writes N sessions derived from
 * sampled commits (the work that produced commit C, replayed from C's parent: the changed files
 * opened in a seeded random order, edited, sometimes revisited, new files created), then runs
 * `replay`'s code on them with the standard rankers and baselines.
 *
 * Commit-derived sessions are not recorded sessions: nobody opened a file they did not change,
 * so read the quality table as "eval, walked file by file". The speed figures are the point:
 * total time, time spent moving the index between base commits, and ranking time per moment,
 * with the ratio of the whole replay to moving the index alone (the baseline in the same run).
 *
 *   npx tsx bench/replay.ts --repo /path/to/repo [--sessions 100] [--seed 1] [--out sessions.jsonl]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { seededRandom, shuffled } from '../src/core/seededRandom';
import { DEFAULT_RECENCY_HALF_LIFE_MS } from '../src/core/signals/recency';
import { readCommitLog } from '../src/tuning/git/commitLog';
import { sampleCommits } from '../src/tuning/commits/commitSampling';
import { runGit } from '../src/tuning/git/gitCommand';
import { RepoSnapshot } from '../src/tuning/git/repoSnapshot';
import { parseSessionLog } from '../src/eval/sessions/sessionLog';
import { replaySessions } from '../src/eval/sessions/replayRun';
import { GitBaseSnapshots } from '../src/eval/sessions/replaySnapshots';
import { replayTables, replaySummaryLine } from '../src/eval/sessions/replayTable';
import { replayRankerByName } from '../src/cli/replayCommand';

/** Seconds between a session's events: a plausible reading / editing pace (only the order matters to recency). */
const VIEW_GAP_S = 40;
const EDIT_GAP_S = 60;
/** Chance of going back to a file opened earlier after each new one (gives 'switch' mode returns). */
const RETURN_CHANCE = 0.3;

function option(name: string, fallback?: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

async function main(): Promise<void> {
  const repo = resolve(option('repo') ?? '.');
  const count = Number(option('sessions', '100'));
  const seed = Number(option('seed', '1'));
  const out = option('out');

  const t0 = performance.now();
  const log = await readCommitLog(repo);
  const sample = sampleCommits(log, { count, years: 2, seed });
  const random = seededRandom(seed);
  const lines: string[] = [];
  for (const sampled of sample.commits) {
    const c = sampled.commit;
    const status = await runGit(repo, ['diff-tree', '-r', '--no-renames', '--name-status', '--no-commit-id', c.parent!, c.hash]);
    const added = new Set(
      status
        .split('\n')
        .filter((l) => l.startsWith('A\t'))
        .map((l) => l.slice(2)),
    );
    const order = shuffled(sampled.changedSources, random);
    const events: object[] = [];
    let t = c.time - (order.length * (VIEW_GAP_S + EDIT_GAP_S) + 60) * 1000;
    const push = (action: string, path: string, gap: number) => {
      t += gap * 1000;
      events.push({ step: events.length, action, path, time: new Date(t).toISOString() });
    };
    push('search', order[0].split('/').pop()!.replace(/\..*$/, ''), 0);
    order.forEach((path, i) => {
      if (added.has(path)) push('create', path, VIEW_GAP_S);
      else push('view', path, VIEW_GAP_S);
      push('edit', path, EDIT_GAP_S);
      if (i >= 1 && random() < RETURN_CHANCE) push('view', order[Math.floor(random() * i)], VIEW_GAP_S / 2);
    });
    lines.push(JSON.stringify({ id: c.hash.slice(0, 10), repo, base_commit: c.parent, events }));
  }
  const text = lines.join('\n') + '\n';
  if (out) writeFileSync(out, text);
  const generateMs = performance.now() - t0;
  console.error(`generated ${lines.length} sessions in ${(generateMs / 1000).toFixed(1)} s`);

  // Baseline in the same run: only moving the index through the same base commits, in the same order.
  // CPU time (this process; git's own processes not counted) says more than wall time on a shared machine.
  const cpu1 = process.cpuUsage();
  const t1 = performance.now();
  const bare = await RepoSnapshot.open(repo);
  let indexed = 0;
  for (const sampled of sample.commits) indexed += await bare.moveTo(sampled.commit.parent!);
  const files = bare.graph.size;
  bare.close();
  const indexOnlyMs = performance.now() - t1;
  const indexOnlyCpuMs = cpuMs(process.cpuUsage(cpu1));
  console.error(`index only: ${(indexOnlyMs / 1000).toFixed(1)} s`);

  const parsed = parseSessionLog(text);
  const rankers = ['default', 'seed-0.13', 'imports-only', 'co-change-only', 'alphabetical', 'same-directory', 'recent-files'].map((n) =>
    replayRankerByName(n)!,
  );
  const snapshots = new GitBaseSnapshots();
  const cpu2 = process.cpuUsage();
  const t2 = performance.now();
  const report = await replaySessions(parsed.sessions, () => repo, snapshots, {
    rankers,
    recencyHalfLifeMs: DEFAULT_RECENCY_HALF_LIFE_MS,
    seed,
    onSession: (done, total) => {
      if (done % 10 === 0 || done === total) console.error(`replayed ${done} / ${total} sessions, ${((performance.now() - t2) / 1000).toFixed(1)} s`);
    },
  });
  const replayMs = performance.now() - t2;
  const replayCpuMs = cpuMs(process.cpuUsage(cpu2));
  snapshots.close();

  const moments = report.summaries.filter((s) => s.ranker === 'default').reduce((n, s) => n + s.moments, 0);
  const rankMs = report.summaries.reduce((n, s) => n + s.ms, 0);
  console.log(`repository: ${repo} (${files} files indexed at the last base, ${log.length} commits)`);
  console.log(
    `sessions: ${parsed.sessions.length} from ${sample.qualifying} qualifying commits (seed ${seed}); generated in ${(generateMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `index only, same base commits: ${(indexOnlyMs / 1000).toFixed(1)} s wall, ${(indexOnlyCpuMs / 1000).toFixed(1)} s CPU (${indexed} files (re)indexed)`,
  );
  console.log(
    `replay: ${(replayMs / 1000).toFixed(1)} s wall, ${(replayCpuMs / 1000).toFixed(1)} s CPU (replay / index-only CPU = ${(replayCpuMs / indexOnlyCpuMs).toFixed(2)}); ranking ${(rankMs / 1000).toFixed(1)} s over ${moments} scored moments x ${rankers.length} rankers ` +
      `(${(rankMs / Math.max(1, moments * rankers.length)).toFixed(2)} ms per ranking); replay / index-only = ${(replayMs / indexOnlyMs).toFixed(2)}`,
  );
  console.log('');
  console.log(replaySummaryLine(report, parsed.malformedLines));
  console.log('');
  console.log(replayTables(report));
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
