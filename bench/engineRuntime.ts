/**
 * bench/engineRuntime: where should the engine run? The same start, index and first ranking of a
 * folder with the engine in the host's own thread (how the extension ran it before), in a worker
 * thread, and in a child process (how it runs now), each in a fresh "host" process with a 10 ms
 * timer probe on the host thread: start-up, time to the first ranking, host lateness and stalls,
 * peak memory of the host and of the engine process. Cold (new database) then warm (same database);
 * `control` is the probe alone on an idle host for 15 s, the machine's own lateness.
 *
 *   npm run build && npx tsx bench/engineRuntime.ts --root DIR --open REL [--modes in-thread,worker,process]
 *
 * Prints figures and ratios against in-thread; never pass/fail.
 *
 * `--start N`: only the engine process's start instead, N times each, alternating: fork to 'ready'
 * (bundle loaded, database opened) and its resident memory then, for dist/engine.js (TypeScript
 * loaded on first use, lazyTypescript.ts) against the same engine bundled with TypeScript inside
 * (built here, as the build did before the split). Medians and their ratio.
 *
 *   npm run build && npx tsx bench/engineRuntime.ts --root DIR --start 5
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { EngineConnection, engineWorker, forkEngine, type EngineChannel } from '../src/engineClient';
import type { EngineApi, EngineOptions, RankAnswer } from '../src/engineApi';
import { latenessProbe, type Lateness } from './latenessProbe';

const OPTIONS: Record<string, OptionSpec> = {
  root: { type: 'string', description: 'folder to index' },
  open: { type: 'string', description: 'file (relative to --root) to rank first' },
  modes: { type: 'string', description: 'comma-separated: control, in-thread, worker, process (default all)' },
  start: { type: 'string', description: 'measure only the engine start, this many times per bundle' },
  mode: { type: 'string', description: '(internal) run one mode and write JSON to --out' },
  db: { type: 'string', description: '(internal) database path' },
  out: { type: 'string', description: '(internal)' },
};

type Mode = 'control' | 'in-thread' | 'worker' | 'process';
const MODES: readonly Mode[] = ['control', 'in-thread', 'worker', 'process'];
const DIST = resolve(__dirname, '../dist');

interface RunResult {
  mode: Mode;
  startMs: number;
  firstRankMs: number;
  files: number;
  lateness: Lateness;
  hostPeakRssMb: number;
  enginePeakRssMb?: number;
}

type EngineFactory = { create(options: EngineOptions): Promise<EngineApi> };

/**
 * The pre-process extension: the engine bundle required into the host thread. Bundled here (not
 * timed; next to the other bundles so the engine finds sql.js's wasm); its require is timed, as
 * the worker's and the child's own load of dist/engine.js is.
 */
async function bundleInThreadEngine(): Promise<() => EngineFactory> {
  const out = await bundleBesideDist('../src/engine.ts', 'engine-in-thread');
  return () => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the measured load is the bundle's
      return (require(out) as { Engine: EngineFactory }).Engine;
    } finally {
      rmSync(out, { force: true });
    }
  };
}

/** The control: the probe alone, on an idle host thread, for as long as a run takes (the machine's own noise). */
const CONTROL_MS = 15_000;

function peakRssMbOf(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function runMode(mode: Mode, root: string, open: string, dbPath: string): Promise<RunResult> {
  const load = mode === 'in-thread' ? await bundleInThreadEngine() : undefined;
  const probe = latenessProbe();
  const t0 = performance.now();
  const options = { roots: [root], dbPath };
  let answer: RankAnswer;
  let startMs: number;
  let enginePeakRssMb: number | undefined;
  if (mode === 'control') {
    await new Promise((r) => setTimeout(r, CONTROL_MS));
    startMs = 0;
    answer = { files: [], ms: 0 };
  } else if (load) {
    const engine = await load().create(options);
    startMs = performance.now() - t0;
    await engine.index();
    answer = engine.rank({ file: join(root, open) });
    await engine.dispose();
  } else {
    const channel: EngineChannel = mode === 'worker' ? engineWorker(join(DIST, 'engine.js')) : forkEngine(join(DIST, 'engine.js'));
    const connection = await EngineConnection.start(channel, options);
    startMs = performance.now() - t0;
    await connection.engine.index();
    answer = await connection.engine.rank({ file: join(root, open) });
    if (mode === 'process' && channel.pid) enginePeakRssMb = peakRssMbOf(channel.pid);
    await connection.shutdown();
  }
  const firstRankMs = performance.now() - t0;
  const lateness = probe.stop();
  return {
    mode,
    startMs,
    firstRankMs,
    files: answer.files.length,
    lateness,
    hostPeakRssMb: process.resourceUsage().maxRSS / 1024,
    enginePeakRssMb,
  };
}

function spawnMode(mode: Mode, root: string, open: string, db: string): RunResult {
  const out = join(tmpdir(), `engine-runtime-${process.pid}-${mode}.json`);
  const r = spawnSync(process.execPath, [...process.execArgv, __filename, '--mode', mode, '--root', root, '--open', open, '--db', db, '--out', out], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${mode} run failed (exit ${r.status})`);
  const result = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
  rmSync(out, { force: true });
  return result;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '—' : n.toFixed(digits));

function printTable(title: string, results: readonly RunResult[]): void {
  const base = results.find((r) => r.mode === 'in-thread');
  console.log(`\n${title}`);
  console.log('mode       start ms  first rank ms  p50  p99   max  >50ms >200ms blocked ms  host MB  engine MB');
  for (const r of results) {
    const l = r.lateness;
    console.log(
      `${r.mode.padEnd(10)} ${fmt(r.startMs).padStart(8)} ${fmt(r.firstRankMs).padStart(14)} ${fmt(l.p50).padStart(4)} ${fmt(l.p99).padStart(4)} ${fmt(l.max).padStart(5)} ${String(l.over50).padStart(6)} ${String(l.over200).padStart(6)} ${fmt(l.blockedMs).padStart(10)} ${fmt(r.hostPeakRssMb).padStart(8)} ${fmt(r.enginePeakRssMb).padStart(10)}`,
    );
  }
  if (base) {
    for (const r of results.filter((x) => x !== base)) {
      console.log(
        `  ${r.mode} / in-thread: first rank ${(r.firstRankMs / base.firstRankMs).toFixed(2)}x, host p99 ${(r.lateness.p99 / Math.max(1, base.lateness.p99)).toFixed(2)}x, host max ${(r.lateness.max / Math.max(1, base.lateness.max)).toFixed(2)}x, host peak RSS ${(r.hostPeakRssMb / base.hostPeakRssMb).toFixed(2)}x`,
      );
    }
  }
}

/** The engine bundled with TypeScript inside (no lazy-typescript plugin), next to dist/engine.js so it finds sql.js's wasm. */
function bundleEagerEngine(): Promise<string> {
  return bundleBesideDist('../src/engineMain.ts', 'engine-eager');
}

/** `entry` bundled as the build does but with every import inside (TypeScript too), into dist/ (sql.js's wasm is there); the caller deletes it. */
async function bundleBesideDist(entry: string, name: string): Promise<string> {
  const out = join(DIST, `${name}-${process.pid}.js`);
  await build({ entryPoints: [resolve(__dirname, entry)], outfile: out, bundle: true, platform: 'node', format: 'cjs', logLevel: 'error' });
  return out;
}

function rssMbOf(pid: number | undefined): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Fork to 'ready' of one bundle on a fresh database, and the engine's resident memory at that moment. */
async function startOnce(script: string, root: string, db: string): Promise<{ ms: number; rssMb: number | undefined }> {
  const t0 = performance.now();
  const channel = forkEngine(script);
  const connection = await EngineConnection.start(channel, { roots: [root], dbPath: db });
  const ms = performance.now() - t0;
  const rssMb = rssMbOf(channel.pid);
  await connection.shutdown();
  return { ms, rssMb };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measureStart(root: string, times: number): Promise<void> {
  const eager = await bundleEagerEngine();
  const dir = mkdtempSync(join(tmpdir(), 'engine-start-'));
  const lazyRuns: { ms: number; rssMb: number | undefined }[] = [];
  const eagerRuns: { ms: number; rssMb: number | undefined }[] = [];
  try {
    for (let i = 0; i < times; i++) {
      lazyRuns.push(await startOnce(join(DIST, 'engine.js'), root, join(dir, `lazy-${i}.sqlite`)));
      eagerRuns.push(await startOnce(eager, root, join(dir, `eager-${i}.sqlite`)));
    }
  } finally {
    rmSync(eager, { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
  const row = (name: string, runs: typeof lazyRuns) =>
    `${name.padEnd(28)} ${fmt(median(runs.map((r) => r.ms))).padStart(8)} ${fmt(median(runs.map((r) => r.rssMb ?? NaN))).padStart(8)}   (${runs.map((r) => fmt(r.ms)).join(', ')} ms)`;
  console.log(`engine start (fork to 'ready', fresh database), median of ${times}, alternating; load average ${loadavg()[0].toFixed(1)}`);
  console.log(`${'bundle'.padEnd(28)} ${'ms'.padStart(8)} ${'RSS MB'.padStart(8)}`);
  console.log(row('TypeScript on first use', lazyRuns));
  console.log(row('TypeScript in the bundle', eagerRuns));
  const ratio = (f: (r: (typeof lazyRuns)[number]) => number) => (median(lazyRuns.map(f)) / median(eagerRuns.map(f))).toFixed(2);
  console.log(`on first use / in the bundle: start ${ratio((r) => r.ms)}x, RSS ${ratio((r) => r.rssMb ?? NaN)}x`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), OPTIONS).options;
  const root = resolve(String(args.root ?? '.'));
  if (args.start) return measureStart(root, Number(args.start));
  const open = String(args.open ?? '');
  if (args.mode) {
    const result = await runMode(args.mode as Mode, root, open, String(args.db));
    writeFileSync(String(args.out), JSON.stringify(result));
    return;
  }
  if (!open) throw new Error('--open REL is required (the file to rank)');
  const modes = args.modes ? (String(args.modes).split(',') as Mode[]) : MODES;
  const dir = mkdtempSync(join(tmpdir(), 'engine-runtime-'));
  try {
    const cold: RunResult[] = [];
    const warm: RunResult[] = [];
    for (const mode of modes) {
      const db = join(dir, `${mode}.sqlite`);
      cold.push(spawnMode(mode, root, open, db));
      warm.push(spawnMode(mode, root, open, db));
    }
    console.log(`engine runtime on ${root} (ranking ${open}); lateness of a 10 ms timer on the host thread, ms`);
    printTable('cold (new database)', cold);
    printTable('warm (same database)', warm);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
