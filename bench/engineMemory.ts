/**
 * bench/engineMemory: how much memory the engine process takes as a workspace grows. Writes
 * synthetic TypeScript workspaces of 1k, 10k and 100k files (the shapes of bench/rank.ts: packages,
 * nested folders, power-law imports, written as relative import statements) into a temp folder,
 * starts the engine bundle in its own process as the extension does, indexes each (cold, a new
 * database) and ranks one file, and prints the engine's resident memory after ranking and at its
 * peak, with the growth against the 1k run of the same process. No git history (the folders are
 * not repositories). Figures only; never pass/fail.
 *
 *   npm run build && npx tsx bench/engineMemory.ts [--sizes 1000,10000,100000]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { EngineConnection, forkEngine } from '../src/engineClient';
import { syntheticWorkspace } from './rank';

const OPTIONS: Record<string, OptionSpec> = {
  sizes: { type: 'string', description: 'comma-separated file counts (default 1000,10000,100000)' },
};
const DEFAULT_SIZES = [1_000, 10_000, 100_000];
const ENGINE = resolve(__dirname, '../dist/engine.js');

/** Writes the synthetic workspace of `n` files as sources with relative imports; returns its first file. */
function writeWorkspace(root: string, n: number): string {
  const { files, facts } = syntheticWorkspace(n);
  for (const file of files) {
    const imports = facts.graph.outgoingEdges(facts.graph.idOf(file)!).map((edge) => {
      let spec = posix.relative(posix.dirname(file), edge.to).replace(/\.ts$/, '');
      if (!spec.startsWith('.')) spec = `./${spec}`;
      return `import { value as v${Math.abs(hash(edge.to))} } from '${spec}';`;
    });
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${imports.join('\n')}\n// ${posix.basename(file)}: synthetic source\nexport const value = ${files.length};\n`);
  }
  writeFileSync(join(root, 'tsconfig.json'), '{ "compilerOptions": { "strict": true } }\n');
  return files[0];
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

/** Resident and peak resident memory of a process, MB (Linux /proc). */
function memoryOf(pid: number): { rssMb?: number; peakMb?: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024 || undefined;
    return { rssMb: kb('VmRSS'), peakMb: kb('VmHWM') };
  } catch {
    return {};
  }
}

interface Row {
  readonly files: number;
  readonly indexed: number;
  readonly indexMs: number;
  readonly rankMs: number;
  readonly rssMb?: number;
  readonly peakMb?: number;
}

async function measure(n: number, dir: string): Promise<Row> {
  const root = join(dir, `ws-${n}`);
  const first = writeWorkspace(root, n);
  const channel = forkEngine(ENGINE);
  const connection = await EngineConnection.start(channel, { roots: [root], dbPath: join(dir, `db-${n}.sqlite`), historyEnabled: false });
  try {
    const started = performance.now();
    const [stats] = await connection.engine.index();
    const indexMs = performance.now() - started;
    const ranked = await connection.engine.rank({ file: join(root, first) });
    const memory = channel.pid ? memoryOf(channel.pid) : {};
    return { files: n, indexed: stats.files, indexMs, rankMs: ranked.ms, ...memory };
  } finally {
    await connection.shutdown();
    rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), OPTIONS).options;
  const sizes = args.sizes ? String(args.sizes).split(',').map(Number) : DEFAULT_SIZES;
  const dir = mkdtempSync(join(tmpdir(), 'engine-memory-'));
  try {
    const fmt = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(0));
    const ratio = (a?: number, b?: number) => (a && b ? `${(a / b).toFixed(2)}x` : '—');
    console.log('engine process memory on synthetic TypeScript workspaces (cold index, no history, one ranking), MB');
    console.log('files      indexed  index ms  rank ms  RSS after rank  peak RSS  RSS / first  peak / first');
    let base: Row | undefined;
    for (const n of sizes) {
      const r = await measure(n, dir);
      base ??= r;
      console.log(
        `${String(r.files).padEnd(10)} ${String(r.indexed).padStart(7)} ${fmt(r.indexMs).padStart(9)} ${fmt(r.rankMs).padStart(8)} ${fmt(r.rssMb).padStart(15)} ${fmt(r.peakMb).padStart(9)} ${ratio(r.rssMb, base.rssMb).padStart(12)} ${ratio(r.peakMb, base.peakMb).padStart(13)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
