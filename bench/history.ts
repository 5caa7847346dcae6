/**
 * History and store benchmark. Prints figures and ratios against baselines measured in the same
 * run; never passes or fails on time.
 *
 *   npm run bench:history -- --repo /path/to/work-tree   (default: the current directory)
 *   add --renames to also count renames found by exact detection against git's default 50%
 *
 * 1. First pass: readHistory over the whole history (no age cap, 20,000 commits) against the raw
 *    `git log` with the same arguments, its output only counted (the floor we cannot beat).
 * 2. Incremental refresh after one commit: previous history = everything but the commits of
 *    HEAD~1..HEAD, stored head = HEAD~1 (the repository is not modified).
 * 3. Store: save and load of 6,000 files + 30,000 edges + 20,000 commits (synthetic, shaped like
 *    the first pass's commits), and the commits as a newline-joined column against a
 *    files-per-commit table (the schema's choice).
 * Peak RSS is this process's (git runs in a child and is reported by the raw pass only as time).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHistory, refreshHistory, RENAME_SIMILARITY, type GitCommit } from '../src/history/gitHistory';
import { LOG_FORMAT } from '../src/history/gitLogParser';
import { runGit } from '../src/history/gitProcess';
import { Store } from '../src/store/database';
import { loadSqlJs } from '../src/store/sqlLoader';
import type { FileRecord, StoredCommit } from '../src/store/records';

const RUNS = 3;
const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Wall time, and this process's CPU time (on a shared, loaded machine the CPU figure is the steadier one). */
async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; cpuMs: number; value: T }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value };
}

function rawGitLog(repo: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = [
      'log',
      '-z',
      '--no-merges',
      '--name-status',
      `--find-renames=${RENAME_SIMILARITY}`,
      '--no-show-signature',
      `--format=${LOG_FORMAT}`,
      '--max-count=20000',
      'HEAD',
      '--',
    ];
    const child = spawn('git', args, { cwd: repo, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.on('error', reject);
    child.on('close', () => resolve(bytes));
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function benchHistory(repo: string): Promise<GitCommit[]> {
  console.log(`history of ${repo}`);
  const raw: number[] = [];
  const ours: number[] = [];
  const oursCpu: number[] = [];
  let commits: GitCommit[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const r = await timed(() => rawGitLog(repo));
    raw.push(r.ms);
    bytes = r.value;
    const o = await timed(() => readHistory(repo, { maxYears: Infinity, maxCommits: 20_000, log: quiet }));
    ours.push(o.ms);
    oursCpu.push(o.cpuMs);
    commits = o.value.commits;
    if (run === 0)
      console.log(`  peak RSS after the first pass: ${mb(process.resourceUsage().maxRSS * 1024)} (heap used ${mb(process.memoryUsage().heapUsed)})`);
  }
  const fileRefs = commits.reduce((n, c) => n + c.files.length, 0);
  console.log(`  ${commits.length} commits, ${fileRefs} file references, git output ${mb(bytes)}`);
  console.log(`  raw git log (baseline)   median ${ms(median(raw))}  runs ${raw.map(ms).join(', ')}`);
  console.log(
    `  readHistory first pass   median ${ms(median(ours))}  runs ${ours.map(ms).join(', ')}  ratio ${(median(ours) / median(raw)).toFixed(2)}x  (node CPU ${ms(median(oursCpu))})`,
  );

  const head = (await runGit({ cwd: repo }, ['rev-parse', 'HEAD'])).stdout.trim();
  const parent = (await runGit({ cwd: repo }, ['rev-parse', 'HEAD~1'])).stdout.trim();
  const newer = new Set((await runGit({ cwd: repo }, ['rev-list', `${parent}..${head}`])).stdout.split('\n').filter(Boolean));
  const previous = { head: parent, commits: commits.filter((c) => !newer.has(c.sha)) };
  const refresh: number[] = [];
  const refreshCpu: number[] = [];
  let change = '';
  for (let run = 0; run < RUNS + 2; run++) {
    const r = await timed(() => refreshHistory(repo, previous, { maxYears: Infinity, maxCommits: 20_000, log: quiet }));
    refresh.push(r.ms);
    refreshCpu.push(r.cpuMs);
    change = `${r.value.change}, ${r.value.added.length} commit(s) added`;
  }
  const noop = await timed(() => refreshHistory(repo, { head, commits }, { maxYears: Infinity, maxCommits: 20_000, log: quiet }));
  console.log(
    `  incremental refresh      median ${ms(median(refresh))}  runs ${refresh.map(ms).join(', ')}  (${change}; ${newer.size} new; node CPU ${ms(median(refreshCpu))})`,
  );
  console.log(`  refresh, HEAD unchanged  ${ms(noop.ms)}  (the git process floor: 4 small git commands)`);
  return commits;
}

function syntheticFiles(count: number, edgesEach: number): FileRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    path: `packages/p${i % 7}/src/dir${i % 60}/file${i}.ts`,
    size: 1000 + i,
    mtimeMs: 1_700_000_000_000 + i * 1.5,
    hash: (i * 2654435761).toString(16).padStart(40, '0'),
    kind: 'source',
    edges: Array.from({ length: edgesEach }, (_, k) => {
      const j = (i * 31 + k * 977) % count;
      return { to: `packages/p${j % 7}/src/dir${j % 60}/file${j}.ts`, specifier: `../dir${j % 60}/file${j}`, kind: 'import' as const };
    }),
  }));
}

function syntheticCommits(real: readonly GitCommit[], count: number): StoredCommit[] {
  const source = real.length > 0 ? real : [{ sha: 'x', time: 0, author: 'a@b', mine: false, files: ['a.ts', 'b.ts'] }];
  return Array.from({ length: count }, (_, i) => {
    const c = source[i % source.length];
    return { sha: `${i.toString(16).padStart(8, '0')}${c.sha.slice(8)}`, time: c.time, author: c.author, files: c.files };
  });
}

async function benchStore(real: readonly GitCommit[]): Promise<void> {
  const files = syntheticFiles(6000, 5);
  const commits = syntheticCommits(real, 20_000);
  const refs = commits.reduce((n, c) => n + c.files.length, 0);
  console.log(`store: 6,000 files, 30,000 edges, 20,000 commits (${refs} file references)`);
  const dir = mkdtempSync(join(tmpdir(), 'rf-bench-store-'));
  try {
    const path = join(dir, 'bench.sqlite');
    const root = '/bench/root';
    // Run 0 is cold (sql.js's wasm is still being tiered up by V8: the extension's first index pays it); later runs are warm.
    for (let run = 0; run < RUNS; run++) {
      const store = await Store.open(path, quiet);
      const write = await timed(() => store.replaceFiles(root, files));
      const writeCommits = await timed(() => store.replaceCommits(root, commits, { head: 'h', readAt: 0 }));
      const save = await timed(() => store.save());
      await store.close();
      const label = run === 0 ? 'cold' : 'warm';
      console.log(
        `  ${label}: replaceFiles ${ms(write.ms)} (CPU ${ms(write.cpuMs)}), replaceCommits ${ms(writeCommits.ms)} (CPU ${ms(writeCommits.cpuMs)}), ` +
          `save (export + atomic write) ${ms(save.ms)} (CPU ${ms(save.cpuMs)}), file ${mb(statSync(path).size)}`,
      );
    }
    const opens: number[] = [];
    const loads: number[] = [];
    const commitLoads: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const open = await timed(() => Store.open(path, quiet));
      const load = await timed(() => open.value.loadFiles(root));
      const loadCommits = await timed(() => open.value.loadCommits(root));
      if (load.value.length !== 6000 || loadCommits.value.length !== 20_000) throw new Error('round trip lost rows');
      opens.push(open.cpuMs);
      loads.push(load.cpuMs);
      commitLoads.push(loadCommits.cpuMs);
      await open.value.close();
    }
    console.log(
      `  CPU medians: open (read + quick_check + migrate) ${ms(median(opens))}, loadFiles ${ms(median(loads))}, loadCommits ${ms(median(commitLoads))}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Baseline for the schema's choice: the same commits as one row per (commit, file).
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE commits (seq INTEGER PRIMARY KEY, sha TEXT, time INTEGER, author TEXT)');
  db.run('CREATE TABLE commit_files (seq INTEGER NOT NULL, path TEXT NOT NULL)');
  db.run('CREATE INDEX commit_files_seq ON commit_files (seq)');
  const insert = await timed(() => {
    db.run('BEGIN');
    const c = db.prepare('INSERT INTO commits (seq, sha, time, author) VALUES (?, ?, ?, ?)');
    const f = db.prepare('INSERT INTO commit_files (seq, path) VALUES (?, ?)');
    commits.forEach((commit, seq) => {
      c.run([seq, commit.sha, commit.time, commit.author]);
      for (const path of commit.files) f.run([seq, path]);
    });
    c.free();
    f.free();
    db.run('COMMIT');
  });
  const load = await timed(() => {
    const bySeq = new Map<number, string[]>();
    const s = db.prepare('SELECT seq, path FROM commit_files ORDER BY seq');
    while (s.step()) {
      const [seq, path] = s.get();
      const list = bySeq.get(Number(seq));
      if (list) list.push(String(path));
      else bySeq.set(Number(seq), [String(path)]);
    }
    s.free();
    const t = db.prepare('SELECT seq, sha, time, author FROM commits ORDER BY seq');
    const out: StoredCommit[] = [];
    while (t.step()) {
      const [seq, sha, time, author] = t.get();
      out.push({ sha: String(sha), time: Number(time), author: String(author), files: bySeq.get(Number(seq)) ?? [] });
    }
    t.free();
    return out;
  });
  const size = db.export().length;
  db.close();
  console.log(`  baseline files-per-commit table (warm): insert CPU ${ms(insert.cpuMs)}, load CPU ${ms(load.cpuMs)}, database ${mb(size)}`);
}

/** How many renames exact detection finds against git's default 50% similarity, and at what cost (RENAME_SIMILARITY). */
async function benchRenameSimilarity(repo: string): Promise<void> {
  for (const similarity of [RENAME_SIMILARITY, '50%']) {
    let renames = 0;
    let rest = '';
    const run = await timed(
      () =>
        new Promise<void>((resolve, reject) => {
          const args = [
            'log',
            '-z',
            '--no-merges',
            '--name-status',
            `--find-renames=${similarity}`,
            '--format=%x01',
            '--max-count=20000',
            'HEAD',
            '--',
          ];
          const child = spawn('git', args, { cwd: repo, stdio: ['ignore', 'pipe', 'ignore'] });
          child.stdout.setEncoding('utf8');
          child.stdout.on('data', (text: string) => {
            const fields = (rest + text).split('\0');
            rest = fields.pop() ?? '';
            for (const f of fields) if (/^\n?R\d/.test(f)) renames++;
          });
          child.on('error', reject);
          child.on('close', () => resolve());
        }),
    );
    console.log(`  renames at similarity ${similarity.padEnd(4)}: ${renames} found, git log ${ms(run.ms)}`);
  }
}

async function main(): Promise<void> {
  const repo = argValue('repo') ?? process.cwd();
  const commits = await benchHistory(repo);
  if (process.argv.includes('--renames')) await benchRenameSimilarity(repo);
  await benchStore(commits);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
