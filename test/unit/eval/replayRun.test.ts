import * as assert from 'node:assert/strict';
import { ImportGraph } from '../../../src/core/graph';
import { historyFacts } from '../../../src/core/commitHistory';
import { replaySessions, type BaseSnapshots } from '../../../src/eval/sessions/replayRun';
import { recentFilesRanker, sameDirectoryRanker, type ReplayRanker } from '../../../src/eval/sessions/replayBaselines';
import { parseSessionLog } from '../../../src/eval/sessions/sessionLog';
import { sessionQueries } from '../../../src/eval/sessions/replayQueries';

function graphOf(files: string[]): ImportGraph {
  const g = new ImportGraph();
  for (const f of files) g.addFile(f);
  return g;
}

const FILES = ['src/a.ts', 'src/b.ts', 'src/c.ts', 'lib/x.ts', 'lib/y.ts'];
const snapshots: BaseSnapshots = {
  async at(_repo, commit) {
    if (commit !== 'good') return `base commit ${commit} not found`;
    return { graph: graphOf(FILES), tree: new Set([...FILES, 'README.md']), time: 0, history: historyFacts([]) };
  },
  async commitOrder(_repo, commit) {
    return commit === 'good' ? 0 : undefined;
  },
};

/** Ranks the files in a fixed order: shows exactly what the replay excludes and how it scores. */
const fixed = (name: string, order: string[]): ReplayRanker => ({
  name,
  rank: (context, _facts, limit, isCandidate) => order.filter((p) => p !== context.queryFile && isCandidate(p)).slice(0, limit),
});

const line = (id: string, base: string, paths: string[]) =>
  JSON.stringify({ id, base_commit: base, events: paths.map((path, step) => ({ step, action: 'view', path })) });

describe('replay: a run over sessions', () => {
  it('scores the next file after excluding seen files, per session then over sessions', async () => {
    const log = parseSessionLog(
      [line('one', 'good', ['src/a.ts', 'src/b.ts', 'src/a.ts', 'src/c.ts']), line('two', 'good', ['lib/x.ts', 'lib/y.ts'])].join('\n'),
    );
    const report = await replaySessions(log.sessions, () => '/repo', snapshots, {
      rankers: [fixed('oracle-ish', ['src/b.ts', 'src/c.ts', 'lib/x.ts', 'lib/y.ts', 'src/a.ts']), recentFilesRanker, sameDirectoryRanker],
      recencyHalfLifeMs: 7_200_000,
    });
    const get = (ranker: string, mode: string) => report.summaries.find((s) => s.ranker === ranker && s.mode === mode)!;
    // Session one, new moves: a->b (b first: rank 1), a->c (b excluded as seen, so c is first: rank 1).
    // Session two: x->y: only x was seen, so the list reads b, c, y: rank 3.
    assert.deepEqual(report.sessions[0].scores['oracle-ish'].new, { hit1: 1, hit5: 1, hit10: 1, mrr: 1, np10: 1 });
    assert.equal(report.sessions[1].scores['oracle-ish'].new!.mrr, 1 / 3);
    assert.equal(get('oracle-ish', 'new').scores.mrr, (1 + 1 / 3) / 2);
    assert.equal(get('oracle-ish', 'new').moments, 3);
    assert.equal(get('oracle-ish', 'new').sessions, 2);
    // Switch mode: the return b->a is scored; the recent-files list has a on top there.
    assert.equal(report.sessions[0].moments.switch, 3);
    assert.equal(report.sessions[0].scores['recent-files'].switch!.hit1, 1 / 3);
    // New-file moves: the recent list only holds seen files, which are excluded: it never hits.
    assert.equal(get('recent-files', 'new').scores.hit10, 0);
    // Same directory: from src/a.ts the src files come first.
    assert.equal(report.sessions[0].scores['same-directory'].new!.hit1, 1);
  });

  it('counts a missing base commit, missing and unindexed files, and goes on', async () => {
    const log = parseSessionLog(
      [
        line('bad', 'nope', ['src/a.ts', 'src/b.ts']),
        JSON.stringify({
          id: 'ok',
          base_commit: 'good',
          events: [
            { step: 0, action: 'view', path: 'src/a.ts' },
            { step: 1, action: 'view', path: 'README.md' },
            { step: 2, action: 'view', path: 'gone.ts' },
            { step: 3, action: 'fly', path: 'src/b.ts' },
            { step: 4, action: 'view', path: 'src/c.ts' },
          ],
        }),
      ].join('\n'),
    );
    const report = await replaySessions(log.sessions, () => '/repo', snapshots, { rankers: [sameDirectoryRanker], recencyHalfLifeMs: 1 });
    assert.equal(report.sessions[0].issues.baseMissing, true);
    assert.match(report.sessions[0].skipped!, /not found/);
    const ok = report.sessions[1];
    assert.equal(ok.issues.missingAtBase, 1);
    assert.equal(ok.issues.unknownActions, 1);
    assert.equal(ok.notIndexed, 1);
    // a -> README.md and README.md -> c: a file the index does not read is a move like any other.
    assert.equal(ok.moments.new, 2);
    assert.equal(report.summaries[0].sessions, 1);
  });

  it('scores moves to and from files of any kind the index reads (Markdown, CSS, Python)', async () => {
    const polyglot = ['src/a.ts', 'docs/guide.md', 'styles/app.css', 'tools/build.py'];
    const source: BaseSnapshots = {
      at: async () => ({ graph: graphOf(polyglot), tree: new Set(polyglot), time: 0, history: historyFacts([]) }),
      commitOrder: async () => 0,
    };
    const log = parseSessionLog(line('mixed', 'good', ['src/a.ts', 'docs/guide.md', 'styles/app.css', 'tools/build.py']));
    const report = await replaySessions(log.sessions, () => '/repo', source, {
      rankers: [fixed('oracle', ['docs/guide.md', 'styles/app.css', 'tools/build.py'])],
      recencyHalfLifeMs: 1,
      modes: ['new'],
    });
    assert.equal(report.sessions[0].moments.new, 3);
    assert.equal(report.sessions[0].notIndexed, 0);
    assert.deepEqual(report.sessions[0].scores.oracle.new, { hit1: 1, hit5: 1, hit10: 1, mrr: 1, np10: 1 });
  });

  it('gives the same report twice', async () => {
    const log = parseSessionLog(
      [line('one', 'good', ['src/a.ts', 'lib/x.ts', 'src/c.ts', 'lib/y.ts']), line('two', 'good', ['lib/x.ts', 'src/b.ts'])].join('\n'),
    );
    const run = () =>
      replaySessions(log.sessions, () => '/repo', snapshots, { rankers: [sameDirectoryRanker, recentFilesRanker], recencyHalfLifeMs: 1 });
    const strip = (r: Awaited<ReturnType<typeof run>>) => JSON.stringify(r.summaries.map((s) => ({ ...s, ms: 0 })));
    assert.equal(strip(await run()), strip(await run()));
  });
});

describe('replay: sessions as tuning queries', () => {
  it('yields one query per new-file move, seen files not candidates', async () => {
    const log = parseSessionLog(
      [line('one', 'good', ['src/a.ts', 'src/b.ts', 'src/a.ts', 'src/c.ts']), line('gone', 'nope', ['src/a.ts', 'src/b.ts'])].join('\n'),
    );
    const queries: { queryFile: string; relevant: string[]; bCandidate: boolean; sampleIndex: number; visits?: number }[] = [];
    const stats = await sessionQueries(
      log.sessions,
      () => '/repo',
      snapshots,
      1000,
      (q) =>
        queries.push({
          queryFile: q.queryFile,
          relevant: [...q.relevant],
          bCandidate: q.isCandidate('src/b.ts'),
          sampleIndex: q.sampleIndex,
          visits: q.facts.task?.files.get('src/a.ts')?.visits,
        }),
    );
    assert.deepEqual(stats, { sessions: 1, skipped: 1, queries: 2 });
    assert.deepEqual(queries, [
      { queryFile: 'src/a.ts', relevant: ['src/b.ts', 'src/c.ts'], bCandidate: true, sampleIndex: 0, visits: 1 },
      { queryFile: 'src/a.ts', relevant: ['src/c.ts'], bCandidate: false, sampleIndex: 0, visits: 2 },
    ]);
  });
});
