/**
 * Rank-time benchmark: median and p90 of rankFiles for 100 queries on synthetic workspaces of
 * 1k, 10k and 100k files (and on a real repository when one is given), plus the heap the 100k
 * graph and its ranking caches take. Prints figures and the growth ratio against the 1k run of
 * the same process; never passes or fails on time.
 *
 *   npx tsx bench/rank.ts                      synthetic sizes
 *   npx tsx bench/rank.ts --repo /path/to/repo also a real repository (needs src/workspace + src/history)
 *   node --expose-gc --import tsx bench/rank.ts  adds heap figures measured after a full GC
 *
 * The synthetic workspaces look like real ones where it matters for speed: files in packages and
 * nested folders, imports mostly inside a package with a power-law pick of targets (a few hubs
 * with thousands of importers, most files with under 10 edges), commits of 1-8 files clustered in
 * a folder (co-change), some editor activity and an active task.
 */
import { cpus, loadavg } from 'node:os';
import { ImportGraph } from '../src/core/graph';
import { historyFacts, type CommitRecord } from '../src/core/commitHistory';
import type { FileActivity, RankingFacts, TaskFacts, TaskFile } from '../src/core/facts';
import { rankFiles } from '../src/core/ranker';
import { seededRandom } from '../src/core/seededRandom';

const QUERIES = 100;
const NOW = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

interface Workspace {
  readonly label: string;
  readonly facts: RankingFacts;
  readonly files: readonly string[];
}

/** A synthetic workspace of n files, fully determined by the seed. */
export function syntheticWorkspace(n: number, seed = 1): Workspace {
  const random = seededRandom(seed);
  const packages = Math.max(1, Math.round(n / 2000));
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const pkg = i % packages;
    const dir = Math.floor(random() * 20);
    const sub = Math.floor(random() * 5);
    const words = ['auth', 'token', 'user', 'store', 'button', 'form', 'query', 'cache', 'client', 'router', 'util', 'parse'];
    const name = words[Math.floor(random() * words.length)] + words[Math.floor(random() * words.length)].replace(/^./, (c) => c.toUpperCase());
    const ext = random() < 0.15 ? '.test.ts' : '.ts';
    files.push(`packages/p${pkg}/src/d${dir}/s${sub}/${name}${i}${ext}`);
  }
  const graph = new ImportGraph();
  for (const f of files) graph.addFile(f);
  // Power-law target choice: rank r picked with weight ~ 1/r, so a few files become hubs.
  const perPackage = Math.ceil(n / packages);
  const pickTarget = (pkg: number) => {
    const r = Math.floor(Math.pow(perPackage, random())) - 1;
    const index = (r * packages + pkg) % n;
    return files[random() < 0.1 ? Math.floor(random() * n) : index];
  };
  for (let i = 0; i < n; i++) {
    const degree = Math.min(30, Math.floor(-Math.log(1 - random()) * 3));
    const targets = new Set<string>();
    for (let k = 0; k < degree; k++) targets.add(pickTarget(i % packages));
    targets.delete(files[i]);
    graph.setEdges(
      files[i],
      [...targets].map((to) => ({ to, specifier: to, kind: 'import' as const })),
    );
  }
  const commits: CommitRecord[] = [];
  const commitCount = Math.round(n * 1.5);
  for (let c = 0; c < commitCount; c++) {
    const anchor = Math.floor(random() * n);
    const size = 1 + Math.floor(random() * 8);
    const touched = new Set<string>([files[anchor]]);
    for (let k = 1; k < size; k++) touched.add(files[(anchor + Math.floor(random() * 40) * packages) % n]);
    commits.push({ time: NOW - ((commitCount - c) * (2 * 365 * DAY)) / commitCount, mine: random() < 0.3, files: [...touched] });
  }
  const activity = new Map<string, FileActivity>();
  for (let k = 0; k < 50; k++) activity.set(files[Math.floor(random() * n)], { lastViewed: NOW - random() * DAY, viewCount: 1, editCount: 0 });
  const taskFiles = new Map<string, TaskFile>();
  for (let k = 0; k < 10; k++) taskFiles.set(files[Math.floor(random() * n)], { visits: 2, flagged: k === 0, firstAt: NOW - DAY, lastAt: NOW });
  const task: TaskFacts = { id: 't', name: 'bench', implicit: false, files: taskFiles };
  const facts: RankingFacts = { graph, now: NOW, activity, task, history: historyFacts(commits), recencyHalfLifeMs: 2 * 3_600_000 };
  return { label: `synthetic ${n.toLocaleString('en-US')} files`, facts, files };
}

interface Timing {
  readonly label: string;
  readonly files: number;
  readonly edges: number;
  readonly firstMs: number;
  readonly firstCpuMs: number;
  readonly medianMs: number;
  readonly p90Ms: number;
  /** Process CPU time per query (user + system, GC threads included): steadier than wall time on a busy machine. */
  readonly cpuMedianMs: number;
  readonly cpuP90Ms: number;
}

/** 100 seeded queries after one warm-up query (which also builds the per-graph caches, reported as firstMs). */
export function timeQueries(workspace: Workspace, seed = 7): Timing {
  const random = seededRandom(seed);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  rankFiles({ queryFile: workspace.files[0] }, workspace.facts);
  const firstMs = performance.now() - t0;
  const firstCpu = process.cpuUsage(cpu0);
  const firstCpuMs = (firstCpu.user + firstCpu.system) / 1000;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const query = workspace.files[Math.floor(random() * workspace.files.length)];
    const start = performance.now();
    const startCpu = process.cpuUsage();
    rankFiles({ queryFile: query }, workspace.facts, { limit: 20 });
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))];
  const graph = workspace.facts.graph;
  return {
    label: workspace.label,
    files: graph.size,
    edges: graph.edgeCount,
    firstMs,
    firstCpuMs,
    medianMs: at(times, 0.5),
    p90Ms: at(times, 0.9),
    cpuMedianMs: at(cpu, 0.5),
    cpuP90Ms: at(cpu, 0.9),
  };
}

/** Heap in use after a full GC (when the process runs with --expose-gc), in MB. */
export function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

function row(t: Timing, base?: Timing): string {
  const ratio = base ? `  x${(t.cpuMedianMs / base.cpuMedianMs).toFixed(1)} cpu time for x${(t.files / base.files).toFixed(0)} files` : '';
  const ms = (v: number) => v.toFixed(2).padStart(7);
  return (
    `${t.label.padEnd(26)} ${String(t.files).padStart(7)} files ${String(t.edges).padStart(7)} edges  first ${t.firstMs.toFixed(0).padStart(6)} ms (cpu ${t.firstCpuMs.toFixed(0).padStart(5)})  ` +
    `wall median ${ms(t.medianMs)} p90 ${ms(t.p90Ms)}  cpu median ${ms(t.cpuMedianMs)} p90 ${ms(t.cpuP90Ms)} ms${ratio}`
  );
}

async function realWorkspace(root: string): Promise<Workspace> {
  // Loaded only when asked for: these layers are written separately and need a repository on disk.
  const { loadRealWorkspace } = await import('./realWorkspace');
  return loadRealWorkspace(root, Date.now());
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const repoAt = args.indexOf('--repo');
  const gcAvailable = typeof (globalThis as { gc?: unknown }).gc === 'function';
  console.log(
    `rank benchmark: ${QUERIES} queries per workspace, limit 20, default preset, node ${process.version}, load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
  );
  if (repoAt >= 0) {
    const workspace = await realWorkspace(args[repoAt + 1]);
    // The same workspace without file contents, in the same run: what the content signals cost.
    const withoutContent = { ...workspace, label: `${workspace.label} (no contents)`, facts: { ...workspace.facts, content: undefined } };
    const plain = timeQueries(withoutContent);
    console.log(row(plain));
    const full = timeQueries(workspace);
    console.log(`${row(full)}  x${(full.cpuMedianMs / plain.cpuMedianMs).toFixed(2)} cpu median with contents`);
  }
  let base: Timing | undefined;
  for (const n of [1_000, 10_000, 100_000]) {
    const before = heapMb();
    const workspace = syntheticWorkspace(n);
    const built = heapMb();
    const timing = timeQueries(workspace);
    const after = heapMb();
    console.log(row(timing, base));
    if (gcAvailable) {
      console.log(
        `${''.padEnd(26)} heap: graph + history + facts ${(built - before).toFixed(1)} MB, ranking caches +${(after - built).toFixed(1)} MB`,
      );
    }
    base ??= timing;
  }
  if (!gcAvailable) console.log('(run with node --expose-gc --import tsx bench/rank.ts for heap figures)');
}

if (require.main === module) void main();
