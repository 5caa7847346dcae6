/**
 * bench/index: our import-graph index against a naive ts-morph Project, on the same files, in one run.
 *
 *   npm run bench:index -- --root DIR [--warm] [--touch N] [--edits N] [--workers] [--words] [--ts-only] [--runs N]
 *   npm run bench:index -- --root DIR --listing [--runs N]
 *
 * --listing: every file against the TS/JS-only listing, cold builds alternating in child processes
 * (--runs each, default 3): wall and CPU medians, their ratio, files/edges and MB/s per language.
 * Otherwise:
 *
 * Each contender runs in its own child process (so its peak RSS is its own) under the Node that runs this
 * file, named in the first line: the ratio moves with the runtime, so the product's figure is the one taken
 * under the editor's own Node. Each runs from an esbuild bundle of this file, as the product's code runs
 * (ours with the engine process's V8 options, ENGINE_EXEC_ARGV; ts-morph with Node's defaults, as a program
 * using it runs):
 *   ours      full index of every file (in-thread), as the product builds it (TS/JS imports, other
 *             languages' references, every file's words), then per-edit updateFile on --edits files
 *             (an import added)
 *   workers   full index with the worker pool (bundled here with esbuild), when --workers
 *   words     full index in-thread with every file's words read by one worker, as a pool asked for
 *             the words gives on 2 cores (the same terms: checked against ours), when --words
 *   warm      cold build, warm build from the cold build's records, then again after touching
 *             (mtime only, as a branch switch does) and editing (content) --touch files, when --warm
 *   ts-only   ours on ts-morph's files alone (the TS/JS listing), references only, no words (BuildOptions.content
 *             false, as the engine's first build), when --ts-only: the like-for-like comparison
 *   tsmorph   Project with the root tsconfig's options + our TS/JS files, getImportDeclarations /
 *             getExportDeclarations + getModuleSpecifierSourceFile; per-edit replaceWithText + re-query
 * --runs N (default 1): the ts-only and tsmorph contenders run N times each, alternating; their rows are the
 * median runs (by wall time), and the ratio is the medians' ratio, printed with each run's wall time.
 * Then the edge sets are compared (missing / extra against ts-morph, with examples and reasons).
 * Prints figures and ratios; never pass/fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { benchDir, bundle } from './bundled';
import { ENGINE_EXEC_ARGV } from '../src/engineClient';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { readerLines } from '../src/cli/indexCommand';
import { DiskSourceHost } from '../src/workspace/diskSourceHost';
import { isSourcePath } from '../src/workspace/sourceHost';
import { createIndexExtractor } from '../src/workspace/indexWorkerPool';
import { WorkspaceIndex, type FileRecord, type IndexStats, type ReaderStats } from '../src/workspace/workspaceIndex';

const OPTIONS: Record<string, OptionSpec> = {
  root: { type: 'string', description: 'repository to index' },
  warm: { type: 'boolean', description: 'also measure warm starts from records' },
  touch: { type: 'number', description: 'files touched/edited between warm builds (default 50)' },
  edits: { type: 'number', description: 'files for the per-edit measurement (default 100)' },
  workers: { type: 'boolean', description: 'also measure the worker-pool build (BENCH_WORKERS workers, default 1)' },
  words: { type: 'boolean', description: 'also measure the in-thread build with the words read by one worker' },
  'ts-only': { type: 'boolean', description: "also measure ours on ts-morph's files alone (TS/JS), references only, no words" },
  tsconfig: { type: 'string', description: 'config whose options the ts-morph Project uses (default: root tsconfig.json, else tsconfig.base.json)' },
  listing: { type: 'boolean', description: 'compare indexing every file with the TS/JS-only listing (cold builds)' },
  runs: { type: 'number', description: 'cold builds per listing with --listing (default 3); else ts-only and ts-morph runs each (default 1)' },
  phase: { type: 'string', description: '(internal) run one contender and write JSON to --out' },
  out: { type: 'string', description: '(internal)' },
};

interface PhaseResult {
  ms: number;
  cpuMs: number;
  peakRssMb: number;
  files: number;
  edges: [string, string, string][]; // from, to, kind ('' for ts-morph)
  editMs?: number[];
  extra?: Record<string, number | string>;
  /** Per language, for --listing. */
  readers?: Record<string, ReaderStats>;
  /** Every file's terms and counts in the content index (ours, words), to check that they agree. */
  content?: string;
}

/** The repository: this file's parent folder, or, in the bundle the contenders run from, what the parent said. */
const REPO = process.env.BENCH_REPO ?? resolve(__dirname, '..');
const args = parseArgs(process.argv.slice(2), OPTIONS).options;
const root = resolve(String(args.root ?? '.'));
const editCount = Number(args.edits ?? 100);

if (args.phase) {
  runPhase(String(args.phase)).then(
    (r) => writeFileSync(String(args.out), JSON.stringify(r)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
} else {
  (args.listing ? listingMain() : main()).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

/** This bench bundled as the product's code is (bench/bundled.ts), for the contenders to run from. */
async function bundledBench(dir: string): Promise<string> {
  const file = join(dir, 'bench-index.cjs');
  await bundle(__filename, file, ['ts-morph', 'esbuild']);
  return file;
}

/** Runs one contender in a child process (its own heap and peak RSS) and reads back its result. */
function runChild(script: string, phase: string): PhaseResult {
  const dir = dirname(script);
  const out = join(dir, `${phase}.json`);
  const v8Options = phase === 'tsmorph' ? [] : ENGINE_EXEC_ARGV;
  const child = spawnSync(process.execPath, [...v8Options, script, ...process.argv.slice(2), '--phase', phase, '--out', out], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, BENCH_WORKER_DIR: dir, BENCH_REPO: REPO },
  });
  if (child.status !== 0 || !existsSync(out)) throw new Error(`phase ${phase} failed (${child.status})`);
  return JSON.parse(readFileSync(out, 'utf8')) as PhaseResult;
}

async function listingMain(): Promise<void> {
  const script = await bundledBench(benchDir(REPO, 'bench-index-'));
  const runs = Number(args.runs ?? 3);
  console.log(`bench/index --listing on ${root}  (${new Date().toISOString()}, load average ${loadAverage()})`);
  const tsOnly: PhaseResult[] = [];
  const all: PhaseResult[] = [];
  for (let i = 0; i < runs; i++) {
    tsOnly.push(runChild(script, 'listing-ts'));
    all.push(runChild(script, 'listing-all'));
  }
  rmSync(dirname(script), { recursive: true, force: true });
  const row = (name: string, rs: PhaseResult[]) =>
    `  ${name.padEnd(16)} median ${fmt(median(rs.map((r) => r.ms))).padStart(7)} ms wall ${fmt(median(rs.map((r) => r.cpuMs))).padStart(7)} ms cpu  ${rs[0].files} files, ${rs[0].edges.length} edges  (walls: ${rs.map((r) => fmt(r.ms)).join(', ')})`;
  console.log(`\ncold index, ${runs} runs each, alternating`);
  console.log(row('TS/JS listing', tsOnly));
  console.log(row('every file', all));
  const ratio = (f: (r: PhaseResult) => number) => (median(all.map(f)) / median(tsOnly.map(f))).toFixed(3);
  console.log(`  every file / TS/JS only: ${ratio((r) => r.ms)} wall, ${ratio((r) => r.cpuMs)} cpu`);
  const key = (e: [string, string, string]) => e.join(' ');
  const allEdges = new Set(all[0].edges.map(key));
  const lost = tsOnly[0].edges.filter((e) => !allEdges.has(key(e)));
  console.log(`  TS/JS edges kept with every file listed: ${tsOnly[0].edges.length - lost.length} of ${tsOnly[0].edges.length}`);
  for (const e of lost.slice(0, 5)) console.log(`    lost ${e.join(' ')}`);
  console.log('\nper language (every file, last run)');
  for (const line of readerLines(all[all.length - 1].readers ?? {})) console.log(line);
  console.log(`  skipped: ${all[all.length - 1].extra!.skipped}`);
  console.log(`  phases: ${all[all.length - 1].extra!.phases}`);
}

async function main(): Promise<void> {
  const script = await bundledBench(benchDir(REPO, 'bench-index-'));
  const run = (phase: string) => runChild(script, phase);
  // Installed dependencies change both sides: ts-morph reads their typings, ours reads node_modules' names.
  const installed = existsSync(join(root, 'node_modules')) ? 'dependencies installed (node_modules at the root)' : 'no node_modules at the root';
  console.log(`bench/index on ${root}  (${new Date().toISOString()}, Node ${process.versions.node}, load average ${loadAverage()}; ${installed})`);
  const ours = run('ours');
  const workers = args.workers ? run('workers') : undefined;
  const words = args.words ? run('words') : undefined;
  const warm = args.warm ? run('warm') : undefined;
  // Alternating, so that a slower stretch of the machine falls on both.
  const tsOnlyRuns: PhaseResult[] = [];
  const tsmRuns: PhaseResult[] = [];
  for (let i = 0; i < Number(args.runs ?? 1); i++) {
    if (args['ts-only']) tsOnlyRuns.push(run('ts-only'));
    tsmRuns.push(run('tsmorph'));
  }
  rmSync(dirname(script), { recursive: true, force: true });
  const tsOnly = tsOnlyRuns.length > 0 ? medianRun(tsOnlyRuns) : undefined;
  const tsm = medianRun(tsmRuns);

  const row = (name: string, r: PhaseResult) =>
    `  ${name.padEnd(22)} ${fmt(r.ms).padStart(9)} wall ${fmt(r.cpuMs).padStart(9)} cpu ${String(r.peakRssMb).padStart(6)} MB peak RSS  ${r.files} files, ${r.edges.length} edges`;
  console.log('\nfull index');
  console.log(row('ours (in-thread)', ours));
  if (workers) console.log(row(`ours (${workers.extra?.workers} workers)`, workers));
  if (words) console.log(row('ours (words in a worker)', words));
  console.log(row('ts-morph Project', tsm));
  console.log(
    `  ratio: ours is ${(tsm.ms / ours.ms).toFixed(1)}x faster (wall), ${(tsm.cpuMs / ours.cpuMs).toFixed(1)}x less cpu, ${(ours.peakRssMb / tsm.peakRssMb).toFixed(2)} of its peak RSS`,
  );
  if (workers)
    console.log(
      `  workers vs in-thread: ${(ours.ms / workers.ms).toFixed(2)}x (wall), extract phase ${workers.extra?.extractMs} ms vs ${ours.extra?.extractMs} ms`,
    );
  if (words)
    console.log(
      `  words in a worker: ${(tsm.ms / words.ms).toFixed(1)}x faster than ts-morph (wall), ${(tsm.cpuMs / words.cpuMs).toFixed(1)}x less cpu (both threads); ` +
        `${(ours.ms / words.ms).toFixed(2)}x in-thread's wall; the same terms as in-thread: ${words.content === ours.content}`,
    );
  if (tsOnly) {
    console.log(row('ours, TS/JS only', tsOnly));
    console.log(
      `  on ts-morph's files alone (TS/JS, references only, no words): ${(tsm.ms / tsOnly.ms).toFixed(1)}x faster than ts-morph (wall), ${(tsm.cpuMs / tsOnly.cpuMs).toFixed(1)}x less cpu; phases: ${tsOnly.extra?.phases}`,
    );
    if (tsOnlyRuns.length > 1)
      console.log(
        `  ${tsOnlyRuns.length} runs each, alternating; wall ms, ours: ${tsOnlyRuns.map((r) => fmt(r.ms)).join(', ')}; ts-morph: ${tsmRuns.map((r) => fmt(r.ms)).join(', ')}`,
      );
    console.log(`  TS/JS only: ${missingEdges(tsOnly, tsm).length} of ts-morph's ${tsm.edges.length} edges missing`);
  }
  console.log(`  our phases: ${ours.extra?.phases}`);
  if (words) console.log(`  words in a worker, phases: ${words.extra?.phases}`);

  console.log(`\nper-edit update (an import added to each of ${ours.editMs?.length} files)`);
  console.log(`  ours        median ${fmt(median(ours.editMs!), 3)} ms  p90 ${fmt(p90(ours.editMs!), 3)} ms  (cpu: ${ours.extra?.editCpu})`);
  console.log(`  ts-morph    median ${fmt(median(tsm.editMs!), 1)} ms  p90 ${fmt(p90(tsm.editMs!), 1)} ms  (${tsm.editMs!.length} files)`);
  console.log(`  ratio: ${(median(tsm.editMs!) / median(ours.editMs!)).toFixed(0)}x (median)`);

  if (warm) {
    console.log('\nwarm start (records from the cold build)');
    console.log(`  cold                 ${fmt(Number(warm.extra!.coldMs))} ms`);
    console.log(
      `  warm, nothing changed ${fmt(Number(warm.extra!.warmMs))} ms  = ${pct(Number(warm.extra!.warmMs) / Number(warm.extra!.coldMs))} of cold  (${warm.extra!.warmRead} files read)`,
    );
    console.log(
      `  warm, ${warm.extra!.touched} touched    ${fmt(Number(warm.extra!.touchMs))} ms  = ${pct(Number(warm.extra!.touchMs) / Number(warm.extra!.coldMs))} of cold  (${warm.extra!.touchRead} read, ${warm.extra!.touchExtracted} extracted)`,
    );
    console.log(
      `  warm, ${warm.extra!.touched} edited     ${fmt(Number(warm.extra!.editMs))} ms  = ${pct(Number(warm.extra!.editMs) / Number(warm.extra!.coldMs))} of cold  (${warm.extra!.editRead} read, ${warm.extra!.editResolved} imports resolved)`,
    );
    console.log(`  warm graph equals cold graph: ${warm.extra!.same}`);
  }

  compareEdges(ours, tsm);
}

/** An edge as both contenders name it: importer and target, whatever its kind. */
function edgeKey(e: [string, string, string]): string {
  return `${e[0]} -> ${e[1]}`;
}

/** ts-morph's edges that `ours` does not have, as edge keys. */
function missingEdges(ours: PhaseResult, tsm: PhaseResult): string[] {
  const ourSet = new Set(ours.edges.map(edgeKey));
  return [...new Set(tsm.edges.map(edgeKey))].filter((k) => !ourSet.has(k));
}

function compareEdges(ours: PhaseResult, tsm: PhaseResult): void {
  const ourSet = new Map(ours.edges.map((e) => [edgeKey(e), e]));
  const theirSet = new Set(tsm.edges.map(edgeKey));
  const missing = missingEdges(ours, tsm);
  const extra = [...ourSet.values()].filter((e) => !theirSet.has(edgeKey(e)));
  const reasons = new Map<string, [string, string, string][]>();
  for (const e of extra) {
    const reason = !isSourcePath(e[0])
      ? 'from a file ts-morph does not read (not TS/JS)'
      : !isSourcePath(e[1])
        ? 'to a file that is not TS/JS (styles, templates, data)'
        : e[2] === 'dynamic' || e[2] === 'require'
          ? e[2]
          : /(^|\/)\./.test(e[0])
            ? 'dot-directory importer'
            : e[2] === 'type-only' && /\.d\.[cm]?ts$/.test(e[0])
              ? 'from a .d.ts (ts-morph resolves declarations lazily)'
              : 'other (per-folder tsconfig, workspace package, bundler fallback)';
    reasons.set(reason, [...(reasons.get(reason) ?? []), e]);
  }
  console.log('\nedge agreement with ts-morph');
  console.log(`  ts-morph ${theirSet.size} edges, ours ${ourSet.size}`);
  console.log(`  missing (ts-morph has, we do not): ${missing.length} = ${pct(missing.length / Math.max(1, theirSet.size), 2)}`);
  for (const m of missing.slice(0, 8)) console.log(`    ${m}`);
  console.log(`  extra (we have, ts-morph does not): ${extra.length}`);
  for (const [reason, list] of reasons) {
    console.log(`    ${reason}: ${list.length}`);
    for (const e of list.slice(0, 3)) console.log(`      ${e[0]} -> ${e[1]} (${e[2]})`);
  }
}

async function runPhase(phase: string): Promise<PhaseResult> {
  if (phase === 'ours') return oursPhase();
  if (phase === 'workers') return workersPhase();
  if (phase === 'words') return wordsPhase();
  if (phase === 'warm') return warmPhase();
  if (phase === 'tsmorph') return tsMorphPhase();
  if (phase === 'listing-ts') return listingPhase(isSourcePath);
  if (phase === 'listing-all') return listingPhase(undefined);
  if (phase === 'ts-only') return listingPhase(isSourcePath, true);
  throw new Error(`unknown phase ${phase}`);
}

async function oursPhase(): Promise<PhaseResult> {
  const { result, index, stats } = await timed(async () => {
    const index = new WorkspaceIndex(new DiskSourceHost(root));
    const stats = await index.build();
    return { index, stats };
  });
  // Before the edits below change some files' words.
  const contentAfterBuild = args.words ? contentOf(index) : undefined;
  const editMs: number[] = [];
  const editCpuMs: number[] = [];
  for (const file of editFiles(index.graph.files())) {
    const text = readFileSync(join(root, file), 'utf8') + "\nimport './bench-probe';\n";
    const cpu = process.cpuUsage();
    const t = performance.now();
    index.updateFile(file, text);
    editMs.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    editCpuMs.push((used.user + used.system) / 1000);
  }
  const editCpu = `median ${fmt(median(editCpuMs), 3)} ms  p90 ${fmt(p90(editCpuMs), 3)} ms`;
  return {
    ...result,
    files: stats.files,
    edges: edgesOf(index),
    editMs,
    content: contentAfterBuild,
    extra: { phases: phases(stats), extractMs: Math.round(stats.timings.extract), editCpu },
  };
}

/**
 * One cold build with this listing (undefined: every file, the default), timing each language's
 * extraction; `asEngine`: as the engine's first build instead, without the file words or those timings.
 */
async function listingPhase(include: ((rel: string) => boolean) | undefined, asEngine = false): Promise<PhaseResult> {
  const { result, index, stats } = await timed(async () => {
    const index = new WorkspaceIndex(new DiskSourceHost(root, include ? { include } : {}));
    const stats = await index.build(asEngine ? { content: false } : { readerCpu: true });
    return { index, stats };
  });
  const skipped = Object.entries(stats.skipped)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return { ...result, files: stats.files, edges: edgesOf(index), readers: stats.readers, extra: { skipped, phases: phases(stats) } };
}

/** The index worker bundled into the bench's folder, as the build bundles it next to the engine. */
async function bundledWorker(): Promise<string> {
  const workerFile = join(process.env.BENCH_WORKER_DIR ?? tmpdir(), 'indexWorker.js');
  await bundle(join(REPO, 'src/workspace/indexWorker.ts'), workerFile);
  return workerFile;
}

async function workersPhase(): Promise<PhaseResult> {
  const workerFile = await bundledWorker();
  const workers = Number(process.env.BENCH_WORKERS ?? 1);
  const pool = createIndexExtractor(undefined, { workerFile, workers })!;
  const { result, index, stats } = await timed(async () => {
    const index = new WorkspaceIndex(new DiskSourceHost(root));
    const stats = await index.build({ extractor: pool.extract });
    return { index, stats };
  });
  await pool.dispose();
  return { ...result, files: stats.files, edges: edgesOf(index), extra: { workers, extractMs: Math.round(stats.timings.extract) } };
}

/** References in-thread, every file's words in one worker (started inside the timing, as a build would). */
async function wordsPhase(): Promise<PhaseResult> {
  const workerFile = await bundledWorker();
  const { result, index, stats, pool } = await timed(async () => {
    const pool = createIndexExtractor(undefined, { workerFile, words: true, workers: 1 })!;
    const index = new WorkspaceIndex(new DiskSourceHost(root));
    const stats = await index.build({ termsReader: pool.readTerms });
    return { index, stats, pool };
  });
  await pool.dispose();
  return { ...result, files: stats.files, edges: edgesOf(index), content: contentOf(index), extra: { phases: phases(stats) } };
}

/** Every file's terms in its order, each with its spelling and count. */
function contentOf(index: WorkspaceIndex): string {
  const content = index.content;
  const line = (path: string) => `${path}\t${content.countsOf(path).map((t) => `${t.term}/${t.display}:${t.count}`)}`;
  return content.paths().sort().map(line).join('\n');
}

async function warmPhase(): Promise<PhaseResult> {
  const touch = Number(args.touch ?? 50);
  const build = async (previous?: FileRecord[]) => {
    const index = new WorkspaceIndex(new DiskSourceHost(root));
    const t = performance.now();
    const stats = await index.build({ previous });
    return { index, stats, ms: performance.now() - t };
  };
  const cold = await build();
  const records = [...cold.index.records()];
  const warm = await build(records);
  const same = JSON.stringify(edgesOf(warm.index).sort()) === JSON.stringify(edgesOf(cold.index).sort());
  const files = editFiles(cold.index.graph.files()).slice(0, touch);
  const future = new Date(Date.now() + 1000);
  for (const f of files) utimesSync(join(root, f), future, future);
  const touched = await build([...warm.index.records()]);
  const originals = files.map((f) => readFileSync(join(root, f), 'utf8'));
  let edited: Awaited<ReturnType<typeof build>>;
  try {
    files.forEach((f, i) => writeFileSync(join(root, f), originals[i] + '\n// edited\n'));
    edited = await build([...touched.index.records()]);
  } finally {
    files.forEach((f, i) => writeFileSync(join(root, f), originals[i]));
  }
  return {
    ms: warm.ms,
    cpuMs: 0,
    peakRssMb: peakRss(),
    files: warm.stats.files,
    edges: [],
    extra: {
      coldMs: Math.round(cold.ms),
      warmMs: Math.round(warm.ms),
      warmRead: warm.stats.read,
      touched: files.length,
      touchMs: Math.round(touched.ms),
      touchRead: touched.stats.read,
      touchExtracted: touched.stats.files - touched.stats.reused,
      editMs: Math.round(edited.ms),
      editRead: edited.stats.read,
      editResolved: edited.stats.resolved,
      same: String(same),
    },
  };
}

async function tsMorphPhase(): Promise<PhaseResult> {
  const { Project } = await import('ts-morph');
  const tsconfig = args.tsconfig
    ? resolve(root, String(args.tsconfig))
    : [join(root, 'tsconfig.json'), join(root, 'tsconfig.base.json')].find(existsSync);
  const { result, project, edges, paths } = await timed(async () => {
    // Our TS/JS files (ours indexes every file; ts-morph reads TS/JS only), so the comparison is about extraction
    // and resolution. Listed inside the timing, as ours lists inside its own: a Project finds its files too.
    const discovery = await new DiskSourceHost(root, { include: isSourcePath }).listFiles();
    const paths = discovery.files.filter((f) => (f.size ?? 0) <= 1024 * 1024 && !/\.min\.[cm]?js$/.test(f.path)).map((f) => f.path);
    const project = tsconfig
      ? new Project({ tsConfigFilePath: tsconfig, skipAddingFilesFromTsConfig: true, compilerOptions: { allowJs: true } })
      : new Project({ compilerOptions: { allowJs: true } });
    for (const p of paths) project.addSourceFileAtPath(join(root, p));
    const edges: [string, string, string][] = [];
    for (const sf of project.getSourceFiles()) edges.push(...tsMorphEdges(sf));
    return { project, edges, paths };
  });
  const inSet = new Set(paths);
  const ownEdges = edges.filter((e) => inSet.has(e[0]) && inSet.has(e[1]));
  const editMs: number[] = [];
  for (const file of editFiles(paths)) {
    const sf = project.getSourceFile(join(root, file));
    if (!sf) continue;
    const text = sf.getFullText() + "\nimport './bench-probe';\n";
    const t = performance.now();
    sf.replaceWithText(text);
    tsMorphEdges(sf);
    editMs.push(performance.now() - t);
  }
  return { ...result, files: paths.length, edges: ownEdges, editMs };

  function tsMorphEdges(sf: import('ts-morph').SourceFile): [string, string, string][] {
    const from = rel(sf.getFilePath());
    const out: [string, string, string][] = [];
    for (const d of [...sf.getImportDeclarations(), ...sf.getExportDeclarations()]) {
      const target = d.getModuleSpecifierSourceFile();
      if (target) out.push([from, rel(target.getFilePath()), '']);
    }
    return out;
  }
}

/** Every k-th file of the sorted list: a spread of sizes and folders, the same for both contenders. */
function editFiles(files: readonly string[]): string[] {
  const sorted = [...files].filter((f) => !/\.d\.[cm]?ts$/.test(f)).sort();
  const step = Math.max(1, Math.floor(sorted.length / editCount));
  return sorted.filter((_, i) => i % step === 0).slice(0, editCount);
}

function edgesOf(index: WorkspaceIndex): [string, string, string][] {
  const g = index.graph;
  const out: [string, string, string][] = [];
  for (const id of g.fileIds()) for (const e of g.outgoingEdges(id)) out.push([g.pathOf(id), e.to, e.kind]);
  return out;
}

async function timed<T>(fn: () => Promise<T>): Promise<T & { result: { ms: number; cpuMs: number; peakRssMb: number } }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { ...value, result: { ms, cpuMs: (used.user + used.system) / 1000, peakRssMb: peakRss() } };
}

function rel(abs: string): string {
  return abs.startsWith(root + '/') ? abs.slice(root.length + 1) : abs;
}

function phases(s: IndexStats): string {
  const t = s.timings;
  const c = s.cpu;
  return `wall: build ${fmt(t.total)} ms, list ${fmt(t.list)} ms, read ${fmt(t.read)} ms, extract ${fmt(t.extract)} ms, resolve ${fmt(t.resolve)} ms; cpu: list ${fmt(c.list)} ms, read+extract ${fmt(c.readAndExtract)} ms, resolve ${fmt(c.resolve)} ms; unresolved ${JSON.stringify(s.unresolved)}`;
}

function peakRss(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}

/** The run whose wall time is the median (as `median` picks it). */
function medianRun(runs: PhaseResult[]): PhaseResult {
  return [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function p90(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.9))] ?? NaN;
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function pct(x: number, digits = 1): string {
  return `${(x * 100).toFixed(digits)}%`;
}
