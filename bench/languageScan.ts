/**
 * bench/languageScan: per language, the hand-written reference scanner against the tree-sitter grammar
 * VS Code ships (@vscode/tree-sitter-wasm), on the same real files, in one run.
 *
 *   npx tsx bench/languageScan.ts [--mirrors /work/repos] [--corpus java=DIR ...] [--only python,go]
 *
 * Python, Go and Rust read checkouts of the httpx + fastapi, cobra and ripgrep mirrors; every other
 * language reads the folders given with --corpus LANGUAGE=DIR (java, c, csharp, ruby, php), and is
 * skipped without one. For each language it prints both approaches' MB/s (the scanner's as a ratio to
 * tree-sitter's; tree-sitter's includes walking the tree for the same references) and their agreement:
 * the share of references both found, with examples of what only one of them found.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Language, Parser, type Node } from '@vscode/tree-sitter-wasm';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { scanC } from '../src/workspace/languages/c';
import { scanCSharp } from '../src/workspace/languages/csharp';
import { scanGo } from '../src/workspace/languages/go';
import { scanJava } from '../src/workspace/languages/java';
import { scanPhp } from '../src/workspace/languages/php';
import { scanPython } from '../src/workspace/languages/python';
import { scanRuby } from '../src/workspace/languages/ruby';
import { scanRust } from '../src/workspace/languages/rust';
import type { ScannedReference } from '../src/workspace/languages/language';

const OPTIONS: Record<string, OptionSpec> = {
  mirrors: { type: 'string', description: 'folder of the bare mirrors (default /work/repos)' },
  corpus: { type: 'string', multiple: true, description: 'LANGUAGE=DIR: a folder of real files for a language' },
  only: { type: 'string', description: 'comma-separated languages to measure' },
};

/** Minimum time each approach runs per language, so small corpora are measured over several passes. */
const MIN_MEASURE_MS = 400;

const WASM_DIR = join(dirname(require.resolve('@vscode/tree-sitter-wasm')));

interface Contender {
  readonly extensions: RegExp;
  readonly grammar: string;
  readonly mirrors?: readonly string[];
  scan(text: string): ScannedReference[];
  /** The same references as the scanner's specifiers, read from the syntax tree. */
  extract(root: Node): string[];
}

const nodes = (root: Node, types: string | string[]) => root.descendantsOfType(types).filter((n): n is Node => n !== null);
const named = (node: Node) => node.namedChildren.filter((n): n is Node => n !== null);
const unquote = (text: string) => text.replace(/^[rbfuRBFU]*(['"`])|(['"`])$/g, '');

function pythonRefs(root: Node): string[] {
  const out: string[] = [];
  for (const node of nodes(root, ['import_statement', 'import_from_statement', 'future_import_statement'])) {
    const names = node.childrenForFieldName('name').filter((n): n is Node => n !== null);
    const nameOf = (n: Node) => (n.type === 'aliased_import' ? (n.childForFieldName('name')?.text ?? '') : n.text).replace(/\s+/g, '');
    if (node.type === 'import_statement') out.push(...names.map(nameOf));
    else if (node.type === 'future_import_statement') out.push(...names.map((n) => `__future__.${nameOf(n)}`));
    else {
      const module = (node.childForFieldName('module_name')?.text ?? '').replace(/\s+/g, '');
      if (names.length === 0) out.push(module);
      else out.push(...names.map((n) => (/^\.+$/.test(module) ? module : `${module}.`) + nameOf(n)));
    }
  }
  return out;
}

function goRefs(root: Node): string[] {
  const out: string[] = [];
  for (const node of nodes(root, ['package_clause', 'import_spec'])) {
    if (node.type === 'package_clause') out.push(named(node)[0]?.text ?? '');
    else out.push(unquote(node.childForFieldName('path')?.text ?? ''));
  }
  return out.filter((s) => s !== '');
}

/** Leaves of a Rust use tree, as 'a::b::c' paths. */
function useLeaves(node: Node | null, prefix: string[], out: string[][]): void {
  if (!node) return;
  const path = (n: Node | null) => (n ? n.text.replace(/\s+/g, '').split('::') : []);
  switch (node.type) {
    case 'use_as_clause':
      return useLeaves(node.childForFieldName('path'), prefix, out);
    case 'scoped_use_list': {
      const base = [...prefix, ...path(node.childForFieldName('path'))];
      for (const child of named(node.childForFieldName('list') ?? node)) useLeaves(child, base, out);
      return;
    }
    case 'use_list':
      for (const child of named(node)) useLeaves(child, prefix, out);
      return;
    case 'use_wildcard': {
      const inner = named(node)[0];
      out.push(inner ? [...prefix, ...path(inner)] : prefix);
      return;
    }
    case 'self':
      out.push(prefix.length > 0 ? prefix : ['self']);
      return;
    default:
      out.push([...prefix, ...path(node)]);
  }
}

function rustRefs(root: Node): string[] {
  const out: string[] = [];
  for (const node of nodes(root, ['use_declaration', 'mod_item', 'extern_crate_declaration'])) {
    const inline: string[] = [];
    for (let p = node.parent; p; p = p.parent) if (p.type === 'mod_item') inline.unshift(p.childForFieldName('name')?.text ?? '');
    if (node.type === 'extern_crate_declaration') out.push(`::${node.childForFieldName('name')?.text}`);
    else if (node.type === 'mod_item') {
      if (node.childForFieldName('body')) continue;
      const attribute = node.previousNamedSibling;
      const path = attribute?.type === 'attribute_item' ? /^#\[\s*path\s*=\s*"([^"]+)"/.exec(attribute.text)?.[1] : undefined;
      out.push(path !== undefined ? [...inline, path].join('/') : ['self', ...inline, node.childForFieldName('name')?.text].join('::'));
    } else {
      const leaves: string[][] = [];
      useLeaves(node.childForFieldName('argument'), [], leaves);
      for (const leaf of leaves) {
        const segments = leaf[0] === '' ? leaf : leaf.filter((s, i) => s !== 'self' || i === 0);
        const relative = inline.length > 0 && (segments[0] === 'self' || segments[0] === 'super');
        const full = relative ? ['self', ...inline, ...(segments[0] === 'self' ? segments.slice(1) : segments)] : segments;
        const normalized: string[] = [];
        for (const s of full)
          if (s === 'super' && normalized.length > 1 && normalized[normalized.length - 1] !== 'super' && normalized[normalized.length - 1] !== 'self')
            normalized.pop();
          else normalized.push(s);
        out.push(normalized.join('::'));
      }
    }
  }
  return out;
}

function javaRefs(root: Node): string[] {
  const out: string[] = [];
  for (const node of nodes(root, ['package_declaration', 'import_declaration'])) {
    const name = named(node).find((n) => n.type === 'scoped_identifier' || n.type === 'identifier')?.text ?? '';
    out.push(node.type === 'import_declaration' && named(node).some((n) => n.type === 'asterisk') ? `${name}.*` : name);
  }
  return out;
}

function cRefs(root: Node): string[] {
  return nodes(root, 'preproc_include').map((node) => {
    const path = node.childForFieldName('path');
    return path?.type === 'system_lib_string' ? path.text : unquote(path?.text ?? '');
  });
}

function csharpRefs(root: Node): string[] {
  return nodes(root, ['namespace_declaration', 'file_scoped_namespace_declaration']).map((n) => n.childForFieldName('name')?.text ?? '');
}

function rubyRefs(root: Node): string[] {
  const out: string[] = [];
  for (const call of nodes(root, 'call')) {
    const method = call.childForFieldName('method')?.text;
    if (call.childForFieldName('receiver') || (method !== 'require' && method !== 'require_relative' && method !== 'autoload')) continue;
    const args = named(call.childForFieldName('arguments') ?? call);
    const literal = args[method === 'autoload' ? 1 : 0];
    if (literal?.type !== 'string' || named(literal).some((n) => n.type === 'interpolation')) continue;
    const value = unquote(literal.text);
    if (value !== '') out.push(method === 'require_relative' ? `./${value}` : value);
  }
  return out;
}

function phpRefs(root: Node): string[] {
  const out: string[] = [];
  for (const node of nodes(root, [
    'namespace_use_declaration',
    'include_expression',
    'include_once_expression',
    'require_expression',
    'require_once_expression',
  ])) {
    if (node.type === 'namespace_use_declaration') {
      if (/^use\s+(function|const)\b/.test(node.text)) continue;
      const group = named(node).find((n) => n.type === 'namespace_name' || n.type === 'qualified_name');
      const clauses = nodes(node, 'namespace_use_clause');
      const nameOf = (clause: Node) => (named(clause).find((n) => n.type === 'qualified_name' || n.type === 'name')?.text ?? '').replace(/^\\/, '');
      if (node.text.includes('{') && group) out.push(...clauses.map((c) => `${group.text.replace(/^\\/, '')}\\${nameOf(c)}`));
      else out.push(...clauses.map(nameOf));
    } else {
      const expression = named(node)[0];
      const match =
        expression &&
        /^\(?\s*(?:(__DIR__|dirname\s*\(\s*__FILE__\s*\)|dirname\s*\(\s*__DIR__\s*\))\s*\.\s*)?(['"])([^'"$\\\n]+)\2/.exec(expression.text);
      if (!match) continue;
      const prefix = match[1] === undefined ? '' : match[1].startsWith('dirname') && match[1].includes('__DIR__') ? '__DIR__/..' : '__DIR__';
      out.push(prefix === '' ? match[3] : `${prefix}/${match[3].replace(/^\//, '')}`);
    }
  }
  return out;
}

const CONTENDERS: Record<string, Contender> = {
  python: { extensions: /\.py$/, grammar: 'python', mirrors: ['httpx', 'fastapi'], scan: scanPython, extract: pythonRefs },
  go: { extensions: /\.go$/, grammar: 'go', mirrors: ['cobra'], scan: scanGo, extract: goRefs },
  rust: { extensions: /\.rs$/, grammar: 'rust', mirrors: ['ripgrep'], scan: scanRust, extract: rustRefs },
  java: { extensions: /\.java$/, grammar: 'java', scan: scanJava, extract: javaRefs },
  c: { extensions: /\.(c|h|cc|cpp|hpp)$/, grammar: 'cpp', scan: scanC, extract: cRefs },
  csharp: { extensions: /\.cs$/, grammar: 'c-sharp', scan: scanCSharp, extract: csharpRefs },
  ruby: { extensions: /\.rb$/, grammar: 'ruby', scan: scanRuby, extract: rubyRefs },
  php: { extensions: /\.php$/, grammar: 'php', scan: scanPhp, extract: phpRefs },
};

function filesUnder(dir: string, accept: RegExp, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== '.git' && entry.name !== 'node_modules') filesUnder(path, accept, out);
    else if (entry.isFile() && accept.test(entry.name) && statSync(path).size < 2_000_000) out.push(path);
  }
  return out;
}

/**
 * MB/s of each approach over all texts, the passes alternating (a, b, a, b...) so that load from other
 * processes on the machine falls on both alike; runs until each has had MIN_MEASURE_MS and 3 passes.
 */
function measure(texts: readonly string[], bytes: number, passes: readonly ((text: string) => void)[]): number[] {
  const elapsed = passes.map(() => 0);
  let rounds = 0;
  while (rounds < 3 || elapsed.some((ms) => ms < MIN_MEASURE_MS)) {
    passes.forEach((pass, k) => {
      const start = performance.now();
      for (const text of texts) pass(text);
      elapsed[k] += performance.now() - start;
    });
    rounds++;
  }
  return elapsed.map((ms) => (bytes * rounds) / 1e6 / (ms / 1000));
}

/** References found by both (as multisets per file), and examples of what only one found. */
function agreement(a: string[][], b: string[][], names: readonly string[]): { both: number; onlyA: string[]; onlyB: string[]; total: number } {
  let both = 0;
  let total = 0;
  const onlyA: string[] = [];
  const onlyB: string[] = [];
  a.forEach((refs, i) => {
    const rest = [...b[i]];
    for (const ref of refs) {
      const at = rest.indexOf(ref);
      if (at >= 0) {
        both++;
        rest.splice(at, 1);
      } else onlyA.push(`${ref} (${names[i]})`);
    }
    onlyB.push(...rest.map((ref) => `${ref} (${names[i]})`));
    total += Math.max(refs.length, b[i].length);
  });
  return { both, onlyA, onlyB, total };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), OPTIONS).options;
  const mirrors = String(args.mirrors ?? '/work/repos');
  const corpora = new Map<string, string[]>();
  for (const entry of (args.corpus as string[] | undefined) ?? []) {
    const [language, dir] = entry.split('=');
    corpora.set(language, [...(corpora.get(language) ?? []), dir]);
  }
  const only = args.only ? new Set(String(args.only).split(',')) : undefined;
  await Parser.init({ locateFile: (file: string) => join(WASM_DIR, file) });
  const checkouts: { mirror: string; dir: string }[] = [];
  try {
    for (const [language, contender] of Object.entries(CONTENDERS)) {
      if (only && !only.has(language)) continue;
      const dirs = [...(corpora.get(language) ?? [])];
      for (const name of contender.mirrors ?? []) {
        const mirror = join(mirrors, `${name}.git`);
        if (!existsSync(mirror)) continue;
        const dir = mkdtempSync(join(tmpdir(), `rf-scan-${name}-`));
        execFileSync('git', ['--git-dir', mirror, 'worktree', 'add', '--detach', dir, 'HEAD'], { stdio: 'ignore' });
        checkouts.push({ mirror, dir });
        dirs.push(dir);
      }
      if (dirs.length === 0) {
        console.log(`${language}: no corpus (pass --corpus ${language}=DIR)`);
        continue;
      }
      const files = dirs.flatMap((d) => filesUnder(d, contender.extensions));
      const texts = files.map((f) => readFileSync(f, 'utf8'));
      const bytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
      const parser = new Parser();
      parser.setLanguage(await Language.load(join(WASM_DIR, `tree-sitter-${contender.grammar}.wasm`)));
      const treeSitterRefs = (text: string) => {
        const tree = parser.parse(text);
        if (!tree) return [];
        const refs = contender.extract(tree.rootNode);
        tree.delete();
        return refs;
      };
      const [scannerSpeed, treeSitterSpeed] = measure(texts, bytes, [(t) => contender.scan(t), treeSitterRefs]);
      const ours = texts.map((t) => contender.scan(t).map((r) => r.specifier));
      const theirs = texts.map(treeSitterRefs);
      const agree = agreement(ours, theirs, files);
      parser.delete();
      console.log(
        `${language}: ${texts.length} files, ${(bytes / 1e6).toFixed(2)} MB; scanner ${scannerSpeed.toFixed(1)} MB/s, ` +
          `tree-sitter ${treeSitterSpeed.toFixed(1)} MB/s (scanner ${(scannerSpeed / treeSitterSpeed).toFixed(1)}x); ` +
          `agreement ${agree.both}/${agree.total} (${((100 * agree.both) / Math.max(1, agree.total)).toFixed(2)} %)`,
      );
      if (agree.onlyA.length > 0) console.log(`  only scanner (${agree.onlyA.length}): ${agree.onlyA.slice(0, 8).join(' | ')}`);
      if (agree.onlyB.length > 0) console.log(`  only tree-sitter (${agree.onlyB.length}): ${agree.onlyB.slice(0, 8).join(' | ')}`);
    }
  } finally {
    for (const { mirror, dir } of checkouts) execFileSync('git', ['--git-dir', mirror, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
