/**
 * bench/webScan: speed of the web languages' reference scanners on real repositories, and the
 * agreement of the CSS scanner with the tree-sitter CSS grammar (the one other way to read CSS).
 *
 *   npx tsx bench/webScan.ts [--repos /work/repos/kit.git,/work/repos/excalidraw.git] [--min-ms 400]
 *
 * Files are read from each bare repository's HEAD (git ls-tree + cat-file), never checked out. Per
 * language: files, MB, references found (module specifiers apart), share of path references that
 * resolve to a file of the same tree, and MB/s, with the ratio against the baseline: extractImports
 * (the TS/JS scanner the index already runs) on a sample of the TS/JS files of the same repositories,
 * timed in rounds alternating with the language's own, so both see the same machine load.
 * tsExtraReferences runs on all the TS/JS files too: its cost is added to every TS/JS file.
 * Prints figures; never pass/fail.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Language, Parser } from '@vscode/tree-sitter-wasm';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { extractImports } from '../src/workspace/extractImports';
import { languageOf } from '../src/workspace/languages';
import { scanStylesheet, styleDialect } from '../src/workspace/languages/css';
import type { LanguageSupport, WorkspaceView } from '../src/workspace/languages/language';
import { tsExtraReferences } from '../src/workspace/languages/tsExtras';

const OPTIONS: Record<string, OptionSpec> = {
  repos: { type: 'string', description: 'comma-separated bare git repositories' },
  'min-ms': { type: 'number', description: 'least time each measurement runs, repeating the files (default 400)' },
};

interface RepoFile {
  readonly repo: string;
  readonly path: string;
  readonly text: string;
}

const TS_JS = /\.(?:[cm]?[jt]sx?)$/;
const GRAMMARS = join(__dirname, '../node_modules/@vscode/tree-sitter-wasm/wasm');

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), OPTIONS).options;
  const repos = String(args.repos ?? '/work/repos/kit.git,/work/repos/excalidraw.git').split(',');
  const minMs = Number(args['min-ms'] ?? 400);
  const trees = repos.map((repo) => readTree(repo));
  const files = trees.flatMap((t) => t.files);
  const views = new Map(trees.map((t) => [t.repo, t.view]));

  const tsFiles = files.filter((f) => TS_JS.test(f.path) && !f.path.endsWith('.d.ts'));
  const sample = baselineSample(tsFiles);
  const baseline: Measured = { files: sample, scan: (f) => extractImports(f.text).length };
  console.log(`repositories: ${repos.join(', ')}`);
  console.log(`baseline: extractImports on ${sample.length} of the ${tsFiles.length} TS/JS files (${mb(bytes(sample))} MB)`);
  console.log('');
  console.log('language          files      MB   refs  module  resolved    MB/s  vs baseline');

  const byLanguage = new Map<LanguageSupport, RepoFile[]>();
  for (const f of files) {
    const language = languageOf(f.path);
    if (language) byLanguage.set(language, [...(byLanguage.get(language) ?? []), f]);
  }
  for (const [language, group] of byLanguage) {
    const refs = group.map((f) => ({ f, refs: language.scan(f.text, f.path) }));
    const paths = refs.flatMap(({ f, refs }) => refs.filter((r) => !r.module).map((r) => ({ f, r })));
    const resolved = paths.filter(({ f, r }) => language.resolve(f.path, r, views.get(f.repo)!).length > 0).length;
    const modules = refs.reduce((n, x) => n + x.refs.filter((r) => r.module).length, 0);
    const speed = paired({ files: group, scan: (f) => language.scan(f.text, f.path).length }, baseline, minMs);
    row(language.id, group, paths.length + modules, modules, paths.length === 0 ? '-' : pct(resolved / paths.length), speed);
  }
  const extras = tsFiles.map((f) => tsExtraReferences(f.text).length).reduce((a, b) => a + b, 0);
  const extrasSpeed = paired({ files: tsFiles, scan: (f) => tsExtraReferences(f.text).length }, baseline, minMs);
  row('tsExtras (TS/JS)', tsFiles, extras, 0, '-', extrasSpeed);

  await compareWithTreeSitter(
    files.filter((f) => styleDialect(f.path) !== undefined),
    minMs,
    baseline,
  );
}

function row(id: string, group: readonly RepoFile[], refs: number, modules: number, resolved: string, speed: Speed): void {
  const cells = [
    id.padEnd(16),
    String(group.length).padStart(6),
    mb(bytes(group)).padStart(7),
    String(refs).padStart(6),
    String(modules).padStart(7),
    resolved.padStart(9),
    speed.mbPerSecond.toFixed(1).padStart(7),
    `${speed.ratio.toFixed(2)}x`.padStart(12),
  ];
  console.log(cells.join(' '));
}

/**
 * The CSS scanner against tree-sitter-css on the same stylesheets: MB/s of each (the grammar's
 * parse plus the walk for references) and, per dialect, the files where both find the same
 * references (kind + specifier), with examples of the differences.
 */
async function compareWithTreeSitter(styles: readonly RepoFile[], minMs: number, baseline: Measured): Promise<void> {
  if (styles.length === 0) return;
  await Parser.init({ locateFile: (file: string) => join(GRAMMARS, file) });
  const parser = new Parser();
  parser.setLanguage(await Language.load(join(GRAMMARS, 'tree-sitter-css.wasm')));
  const viaGrammar = (f: RepoFile) => treeSitterReferences(parser, f.text);
  const viaScanner = (f: RepoFile) => scanStylesheet(f.text, styleDialect(f.path) ?? 'css');

  const scanner = paired({ files: styles, scan: (f) => viaScanner(f).length }, baseline, minMs);
  const grammar = paired({ files: styles, scan: (f) => viaGrammar(f).length }, baseline, minMs);
  const parseOnly = paired({ files: styles, scan: (f) => (parser.parse(f.text)?.delete(), 0) }, baseline, minMs);
  console.log('');
  console.log(`stylesheets (${styles.length} files, ${mb(bytes(styles))} MB), MB/s and ratio against the baseline:`);
  for (const [name, speed] of [
    ['scanner', scanner],
    ['tree-sitter-css parse + walk', grammar],
    ['tree-sitter-css parse only', parseOnly],
  ] as const) {
    console.log(`  ${name.padEnd(30)} ${speed.mbPerSecond.toFixed(1).padStart(7)}  ${speed.ratio.toFixed(2)}x`);
  }
  for (const dialect of ['css', 'scss', 'sass', 'less'] as const) {
    const group = styles.filter((f) => styleDialect(f.path) === dialect);
    if (group.length === 0) continue;
    let same = 0;
    let onlyScanner = 0;
    let onlyGrammar = 0;
    const examples: string[] = [];
    for (const f of group) {
      const a = new Set(viaScanner(f).map(refKey));
      const b = new Set(viaGrammar(f).map(refKey));
      const missing = [...a].filter((k) => !b.has(k));
      const extra = [...b].filter((k) => !a.has(k));
      if (missing.length === 0 && extra.length === 0) same++;
      onlyScanner += missing.length;
      onlyGrammar += extra.length;
      if (examples.length < 4 && missing.length + extra.length > 0)
        examples.push(`${f.path}: scanner only [${missing.slice(0, 2).join('; ')}] grammar only [${extra.slice(0, 2).join('; ')}]`);
    }
    console.log(
      `  ${dialect}: same references in ${same}/${group.length} files; ${onlyScanner} found by the scanner only, ${onlyGrammar} by the grammar only`,
    );
    for (const e of examples) console.log(`    ${e}`);
  }
}

/** `@import` (styles) and `url()` (asset) from tree-sitter-css's tree, as the scanner reports them. */
function treeSitterReferences(parser: Parser, text: string): { kind: string; specifier: string }[] {
  const tree = parser.parse(text);
  if (!tree) return [];
  const found: { kind: string; specifier: string }[] = [];
  for (const node of tree.rootNode.descendantsOfType(['import_statement', 'call_expression'])) {
    if (!node) continue;
    if (node.type === 'import_statement') {
      const path = node.namedChild(0);
      if (path?.type === 'string_value') found.push({ kind: 'styles', specifier: unquote(path.text) });
      continue;
    }
    if (node.child(0)?.text.toLowerCase() !== 'url') continue;
    const value = node.namedChild(1)?.namedChild(0);
    if (!value) continue;
    const kind = node.parent?.type === 'import_statement' ? 'styles' : 'asset';
    found.push({ kind, specifier: value.type === 'string_value' ? unquote(value.text) : value.text.trim() });
  }
  tree.delete();
  return found.filter((r) => !/^(?:[a-z][a-z0-9+.-]+:|\/\/|#|~)|[{}<>$]/i.test(r.specifier) && r.specifier !== '');
}

function unquote(quoted: string): string {
  return quoted.replace(/^(['"])([\s\S]*)\1$/, '$2');
}

function refKey(r: { readonly kind: string; readonly specifier: string }): string {
  return `${r.kind} ${r.specifier}`;
}

interface Measured {
  readonly files: readonly RepoFile[];
  readonly scan: (f: RepoFile) => number;
}

interface Speed {
  readonly mbPerSecond: number;
  /** MB/s against the baseline's MB/s in the same alternating rounds. */
  readonly ratio: number;
}

/** Target size of the baseline's sample: one of its rounds takes about as long as a language's. */
const BASELINE_SAMPLE_BYTES = 1_000_000;

/** Every n-th TS/JS file, about BASELINE_SAMPLE_BYTES in all. */
function baselineSample(files: readonly RepoFile[]): RepoFile[] {
  const stride = Math.max(1, Math.round(bytes(files) / BASELINE_SAMPLE_BYTES));
  return files.filter((_, i) => i % stride === 0);
}

/**
 * MB/s of `measured` and its ratio against `baseline`: rounds over all files of each, alternating,
 * until each has run at least `minMs`, so a change in machine load hits both alike.
 */
function paired(measured: Measured, baseline: Measured, minMs: number): Speed {
  for (const m of [measured, baseline]) for (const f of m.files) m.scan(f); // warm-up: JIT, lazily built tables
  const elapsed = [0, 0];
  const rounds = [0, 0];
  const contenders = [measured, baseline];
  while (elapsed[0] < minMs || elapsed[1] < minMs) {
    contenders.forEach((m, k) => {
      const start = performance.now();
      for (const f of m.files) m.scan(f);
      elapsed[k] += performance.now() - start;
      rounds[k]++;
    });
  }
  const rate = (k: number) => (bytes(contenders[k].files) * rounds[k]) / 1e6 / (elapsed[k] / 1000);
  return { mbPerSecond: rate(0), ratio: rate(0) / rate(1) };
}

function bytes(files: readonly RepoFile[]): number {
  return files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
}

function mb(n: number): string {
  return (n / 1e6).toFixed(2);
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

/** The text files of HEAD that a web language or the TS/JS scanner reads, and a view of the whole tree. */
function readTree(repo: string): { repo: string; files: RepoFile[]; view: WorkspaceView } {
  const listing = git(repo, ['ls-tree', '-r', '-z', 'HEAD']).split('\0').filter(Boolean);
  const all = listing.map((line) => {
    const [meta, path] = line.split('\t');
    return { path, id: meta.split(' ')[2], type: meta.split(' ')[1] };
  });
  const blobs = all.filter((e) => e.type === 'blob');
  const wanted = blobs.filter((e) => languageOf(e.path) !== undefined || TS_JS.test(e.path));
  const texts = catBlobs(
    repo,
    wanted.map((e) => e.id),
  );
  const files = wanted.map((e, i) => ({ repo, path: e.path, text: texts[i] }));
  const paths = new Set(blobs.map((e) => e.path));
  const byPath = new Map(files.map((f) => [f.path, f.text]));
  const sorted = [...paths].sort();
  const dirs = new Set(
    sorted.flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const view: WorkspaceView = {
    hasFile: (rel) => paths.has(rel),
    hasDirectory: (rel) => dirs.has(rel),
    filesIn: (dir) => sorted.filter((p) => p.slice(0, Math.max(0, p.lastIndexOf('/'))) === dir),
    allFiles: () => sorted,
    readFile: (rel) => byPath.get(rel),
  };
  return { repo, files, view };
}

/** The contents of blobs, in order, from one `git cat-file --batch`. */
function catBlobs(repo: string, ids: readonly string[]): string[] {
  const out = spawnSync('git', ['--git-dir', repo, 'cat-file', '--batch'], { input: ids.join('\n') + '\n', maxBuffer: 1 << 30 }).stdout;
  const texts: string[] = [];
  let at = 0;
  for (let i = 0; i < ids.length; i++) {
    const newline = out.indexOf(0x0a, at);
    const size = Number(out.subarray(at, newline).toString().split(' ')[2]);
    texts.push(out.subarray(newline + 1, newline + 1 + size).toString('utf8'));
    at = newline + 1 + size + 1;
  }
  return texts;
}

function git(repo: string, args: readonly string[]): string {
  const result = spawnSync('git', ['--git-dir', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} in ${repo}: ${result.stderr.trim()}`);
  return result.stdout;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
