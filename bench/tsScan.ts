/**
 * bench/tsScan: the hand-written TS/JS import scanner (src/workspace/tsImportScanner.ts) against
 * `ts.preProcessFile`, on every TS/JS file of the given bare mirrors, in one run.
 *
 *   npx tsx bench/tsScan.ts [--mirrors /work/repos] [--repos zod,excalidraw,trpc,query,vitest] [--passes 3]
 *
 * Reads the files' blobs at HEAD with `git cat-file --batch` (no checkout), cuts each to the
 * index's import region (extractImports.importRegion, as the index does) and prints:
 *   agreement  references (specifier + offset) preProcessFile finds that the scanner finds too, and
 *              what each finds alone, with examples; the same for the imports with their kinds
 *              (extractImports with either scanner), which is what becomes edges
 *   speed      each scanner's first pass over the corpus in a fresh process, run from a bundle of this
 *              bench as the product's code runs (V8 compiles a scanner on first use: the cost every
 *              index pays once) and its best later pass, as MB/s and as a ratio
 * Prints figures and ratios; never pass/fail.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchDir, bundle } from './bundled';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { extractImports, importRegion, importsOf } from '../src/workspace/extractImports';
import { isSourcePath, isMinifiedPath } from '../src/workspace/sourceHost';

const OPTIONS: Record<string, OptionSpec> = {
  mirrors: { type: 'string', description: 'folder of the bare mirrors (default /work/repos)' },
  repos: { type: 'string', description: 'comma-separated mirror names (default zod,excalidraw,trpc,query,vitest)' },
  passes: { type: 'number', description: 'passes per scanner after the first (default 3)' },
  phase: { type: 'string', description: '(internal) time one scanner in this process and print JSON' },
};

/** `export * as ns from '...'`, which preProcessFile misses and the index found by this pattern before the scanner. */
const EXPORT_STAR_AS = /\bexport\s+(?:type\s+)?\*\s+as\s+[\w$]+\s+from\s*(['"])([^'"\n]+)\1/g;

/** Files the index would not read for imports (over its size limit). */
const MAX_FILE_BYTES = 1024 * 1024;

const args = parseArgs(process.argv.slice(2), OPTIONS).options;
const mirrors = String(args.mirrors ?? '/work/repos');
const repos = String(args.repos ?? 'zod,excalidraw,trpc,query,vitest').split(',');

interface Timing {
  firstMs: number;
  bestMs: number;
  refs: number;
}

if (args.phase) timePhase(String(args.phase)).then((t) => console.log(JSON.stringify(t)));
else
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });

/** Every TS/JS file of the mirrors at HEAD: path (repo-prefixed) and text. */
function corpus(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const repo of repos) {
    const gitDir = join(mirrors, `${repo}.git`);
    const listing = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-l', 'HEAD'], { encoding: 'utf8', maxBuffer: 256 << 20 });
    const files = listing
      .split('\n')
      .map((line) => /^\d+ blob ([0-9a-f]+)\s+(\d+)\t(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null && isSourcePath(m[3]) && !isMinifiedPath(m[3]) && Number(m[2]) <= MAX_FILE_BYTES);
    const batch = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
      input: files.map((m) => m[1]).join('\n') + '\n',
      maxBuffer: 1 << 30,
    });
    const buf = batch.stdout;
    let at = 0;
    for (const m of files) {
      const headerEnd = buf.indexOf(10, at);
      const size = Number(buf.toString('latin1', at, headerEnd).split(' ')[2]);
      out.push({ path: `${repo}/${m[3]}`, text: buf.toString('utf8', headerEnd + 1, headerEnd + 1 + size) });
      at = headerEnd + 1 + size + 1;
    }
  }
  return out;
}

type Scan = (text: string) => readonly { fileName: string; pos: number }[];

async function loadScanner(name: string): Promise<Scan> {
  if (name === 'preProcessFile') {
    const { ts } = await import('ts-morph');
    return (text) => ts.preProcessFile(text, true, true).importedFiles;
  }
  return (await import('../src/workspace/tsImportScanner')).scanModuleReferences;
}

/** Times one scanner over the corpus in this (fresh) process: its first pass (compiling included), then its best of --passes. */
async function timePhase(name: string): Promise<Timing> {
  const regions = corpus().map((f) => importRegion(f.text));
  // Loaded after reading the corpus and before the clock: the first pass times compiling the scanner, not loading its module.
  const scan = await loadScanner(name);
  const pass = () => {
    const t = performance.now();
    let refs = 0;
    for (const r of regions) if (r !== '') refs += scan(r).length;
    return { ms: performance.now() - t, refs };
  };
  const first = pass();
  let best = Infinity;
  for (let i = 0; i < Number(args.passes ?? 3); i++) best = Math.min(best, pass().ms);
  return { firstMs: first.ms, bestMs: best, refs: first.refs };
}

/** Times one scanner in a child process, from this bench bundled as the product's code is (bench/bundled.ts). */
function runPhase(bundled: string, name: string): Timing {
  const child = spawnSync(process.execPath, [bundled, ...process.argv.slice(2), '--phase', name], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (child.status !== 0) throw new Error(`phase ${name} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as Timing;
}

async function main(): Promise<void> {
  console.log(`bench/tsScan on ${repos.join(', ')}  (${new Date().toISOString()}, load average ${loadAverage()})`);
  const files = corpus();
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
  const regionBytes = files.reduce((n, f) => n + Buffer.byteLength(importRegion(f.text)), 0);
  console.log(`${files.length} TS/JS files, ${(bytes / 1e6).toFixed(1)} MB (import regions ${(regionBytes / 1e6).toFixed(1)} MB)`);

  const { ts } = await import('ts-morph');
  const { scanModuleReferences } = await import('../src/workspace/tsImportScanner');
  const refs = compare(
    files,
    (text) => ts.preProcessFile(importRegion(text), true, true).importedFiles.map((r) => `${r.pos} ${r.fileName}`),
    (text) => scanModuleReferences(importRegion(text)).map((r) => `${r.pos} ${r.fileName}`),
  );
  console.log('\nreferences (specifier at its offset)');
  report(refs);
  // What the index kept before the scanner: preProcessFile's references plus `export * as ns from` found by a pattern.
  const before = (text: string) => {
    const refs = [...ts.preProcessFile(importRegion(text), true, true).importedFiles];
    for (const m of text.matchAll(EXPORT_STAR_AS)) refs.push({ fileName: m[2], pos: m.index + m[0].length - m[2].length - 2, end: 0 });
    return importsOf(text, refs, false).map((i) => `${i.kind} ${i.specifier}`);
  };
  const imports = compare(files, before, (text) => extractImports(text).map((i) => `${i.kind} ${i.specifier}`));
  console.log('\nimports with their kinds (what becomes edges)');
  report(imports);

  console.log('\nspeed over the import regions, each scanner in a fresh process, bundled (first pass includes compiling it)');
  const dir = benchDir(resolve(__dirname, '..'), 'bench-tsscan-');
  const bundled = join(dir, 'bench-tsscan.cjs');
  await bundle(__filename, bundled, ['ts-morph', 'esbuild']);
  let timings: Record<'preProcessFile' | 'scanner', Timing>;
  try {
    timings = { preProcessFile: runPhase(bundled, 'preProcessFile'), scanner: runPhase(bundled, 'scanner') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [name, t] of Object.entries(timings)) {
    console.log(
      `  ${name.padEnd(15)} first pass ${t.firstMs.toFixed(0).padStart(5)} ms (${(regionBytes / 1e3 / t.firstMs).toFixed(1)} MB/s), best later pass ${t.bestMs.toFixed(0).padStart(5)} ms (${(regionBytes / 1e3 / t.bestMs).toFixed(1)} MB/s), ${t.refs} references`,
    );
  }
  const p = timings.preProcessFile;
  const s = timings.scanner;
  console.log(
    `  scanner vs preProcessFile: ${(p.firstMs / s.firstMs).toFixed(1)}x on the first pass, ${(p.bestMs / s.bestMs).toFixed(1)}x on later passes`,
  );
}

interface Comparison {
  both: number;
  onlyTs: string[];
  onlyScanner: string[];
}

/** Per file, the multiset difference of the two lists (each entry prefixed with the file in the examples). */
function compare(files: readonly { path: string; text: string }[], a: (text: string) => string[], b: (text: string) => string[]): Comparison {
  const result: Comparison = { both: 0, onlyTs: [], onlyScanner: [] };
  for (const f of files) {
    const left = a(f.text);
    const right = new Map<string, number>();
    for (const r of b(f.text)) right.set(r, (right.get(r) ?? 0) + 1);
    for (const r of left) {
      const n = right.get(r) ?? 0;
      if (n > 0) {
        right.set(r, n - 1);
        result.both++;
      } else result.onlyTs.push(`${f.path}: ${r}`);
    }
    for (const [r, n] of right) for (let i = 0; i < n; i++) result.onlyScanner.push(`${f.path}: ${r}`);
  }
  return result;
}

function report(c: Comparison): void {
  const total = c.both + c.onlyTs.length;
  console.log(`  preProcessFile ${total}, found by the scanner too ${c.both} = ${((100 * c.both) / Math.max(1, total)).toFixed(3)} %`);
  console.log(`  only preProcessFile: ${c.onlyTs.length}`);
  for (const r of c.onlyTs.slice(0, 8)) console.log(`    ${r}`);
  console.log(`  only the scanner: ${c.onlyScanner.length}`);
  for (const r of c.onlyScanner.slice(0, 8)) console.log(`    ${r}`);
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}
