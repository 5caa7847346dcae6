/**
 * bench/fileEvents: a checkout's file events applied to an index, together (the engine takes a
 * turn's events at once: WorkspaceIndex.removeFiles then addFiles) against one file at a time
 * (removeFile, addFile per event: the baseline, the way the engine applied them before, with
 * today's per-file code), in one run.
 *
 *   npx tsx bench/fileEvents.ts --root REPO [--to REV] [--max N]
 *
 * REPO is cloned (--shared, so nothing is copied but the work tree) into a scratch folder at its
 * HEAD; both indexes are built there; the clone is checked out at REV (default HEAD~100); the paths
 * `git diff --name-only` names (at most --max, default 400: one at a time is slow) are applied to
 * each index. Then both graphs are compared with each other and, when every path was applied, with a
 * fresh build at REV. Runs from a bundle (bench/bundled.ts), batch first, so the baseline gets the
 * warmer code. Prints figures and ratios; never pass/fail.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchDir, bundle } from './bundled';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { DiskSourceHost } from '../src/workspace/diskSourceHost';
import { WorkspaceIndex } from '../src/workspace/workspaceIndex';

const OPTIONS: Record<string, OptionSpec> = {
  root: { type: 'string', description: 'git repository to take the checkout from' },
  to: { type: 'string', description: 'revision to check out (default HEAD~100)' },
  max: { type: 'number', description: 'at most this many changed paths applied (default 400)' },
  run: { type: 'boolean', description: '(internal) measure, in the bundle' },
};

const args = parseArgs(process.argv.slice(2), OPTIONS).options;
const root = resolve(String(args.root ?? '.'));
const target = String(args.to ?? 'HEAD~100');
const max = Number(args.max ?? 400);

if (args.run) void measure();
else void main();

async function main(): Promise<void> {
  const dir = benchDir(resolve(__dirname, '..'), 'bench-fileEvents-');
  try {
    const script = join(dir, 'bench-fileEvents.cjs');
    await bundle(__filename, script, ['ts-morph', 'esbuild']);
    const child = spawnSync(process.execPath, [script, ...process.argv.slice(2), '--run'], { stdio: 'inherit' });
    if (child.status !== 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function git(cwd: string, ...gitArgs: string[]): string {
  return execFileSync('git', gitArgs, { cwd, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Every edge as "from -> to kind", and the files, of an index. */
function graphOf(index: WorkspaceIndex): { files: Set<string>; edges: Set<string> } {
  const g = index.graph;
  const edges = new Set<string>();
  for (const id of g.fileIds()) for (const e of g.outgoingEdges(id)) edges.add(`${g.pathOf(id)} -> ${e.to} ${e.kind}`);
  return { files: new Set(g.files()), edges };
}

function difference(a: ReturnType<typeof graphOf>, b: ReturnType<typeof graphOf>): string {
  const only = (x: Set<string>, y: Set<string>) => [...x].filter((v) => !y.has(v));
  const parts = [
    ...only(a.files, b.files).map((f) => `file only in the first: ${f}`),
    ...only(b.files, a.files).map((f) => `file only in the second: ${f}`),
    ...only(a.edges, b.edges).map((e) => `edge only in the first: ${e}`),
    ...only(b.edges, a.edges).map((e) => `edge only in the second: ${e}`),
  ];
  return parts.length === 0 ? 'the same files and edges' : `${parts.length} differences, e.g. ${parts.slice(0, 3).join('; ')}`;
}

async function built(folder: string): Promise<WorkspaceIndex> {
  const index = new WorkspaceIndex(new DiskSourceHost(folder));
  await index.build();
  return index;
}

async function measure(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'rf-bench-events-'));
  try {
    const clone = join(scratch, 'repo');
    execFileSync('git', ['clone', '-q', '--shared', root, clone], { stdio: 'ignore' });
    const together = await built(clone);
    const oneByOne = await built(clone);
    const changed = git(clone, 'diff', '--name-only', '--no-renames', 'HEAD', target).split('\n').filter(Boolean);
    try {
      git(clone, 'checkout', '-q', '-f', target);
    } catch {
      // A shallow or partial mirror may lack some blobs: the checkout then stops short of some files.
    }
    const paths = changed.slice(0, max);
    const gone = paths.filter((p) => !existsSync(join(clone, p)));
    const here = paths.filter((p) => existsSync(join(clone, p)));
    console.log(`bench/fileEvents on ${root}: HEAD -> ${target}, ${together.graph.size} files indexed at HEAD`);
    console.log(`  ${changed.length} paths changed; ${paths.length} applied (${gone.length} gone, ${here.length} created or changed)`);

    let t = performance.now();
    together.removeFiles(gone);
    together.addFiles(here);
    const togetherMs = performance.now() - t;
    t = performance.now();
    for (const p of gone) oneByOne.removeFile(p);
    for (const p of here) oneByOne.addFile(p);
    const oneByOneMs = performance.now() - t;

    console.log(`  together (removeFiles, addFiles)   ${togetherMs.toFixed(0).padStart(7)} ms`);
    console.log(`  one at a time (the baseline)       ${oneByOneMs.toFixed(0).padStart(7)} ms`);
    console.log(`  ratio: together takes ${(togetherMs / oneByOneMs).toFixed(3)} of one at a time (${(oneByOneMs / togetherMs).toFixed(1)}x faster)`);
    const a = graphOf(together);
    console.log(`  together against one at a time: ${difference(a, graphOf(oneByOne))}`);
    if (paths.length === changed.length) console.log(`  together against a fresh build at ${target}: ${difference(a, graphOf(await built(clone)))}`);
    else console.log(`  (not every path applied: no comparison with a fresh build at ${target}; raise --max)`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
