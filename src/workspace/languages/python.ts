/**
 * Python: `import a.b`, `from a.b import c`, `from . import c`, `from ..x import (y, z)`, anywhere a
 * statement may start (inside functions, `if`/`try` blocks, after `;` or `:`).
 *
 * Scanner: a hand-written tokenizer that skips comments and every string form (prefixes, triple
 * quotes), chosen over the tree-sitter grammar by bench/languageScan.ts (same references, several
 * times faster); bench/pythonEdges.ts checks the edges against Python's own `ast` module.
 *
 * Specifiers: `import a.b` gives 'a.b'; `from M import n` gives one reference per name, 'M.n' (or
 * '.n', '..n' for `from . import n`), so a name that is a submodule points to the submodule; `from M
 * import *` gives 'M'. Resolution tries the module the specifier names, then its parent: `from pkg
 * import func` points to pkg/__init__.py, `from pkg import mod` to pkg/mod.py.
 *
 * Absolute imports resolve against the package roots: the folder above each top-level package (a
 * folder with `__init__.py` whose parent has none, so `src/` layouts come for free), the package
 * folders named by pyproject.toml / setup.cfg (`package-dir`, `where`, `from`), the workspace root,
 * and a script's own folder. Roots that contain the importing file are tried first, nearest first, so
 * the many small `app` packages of a docs tree each resolve to their own. Not exact: dynamic imports
 * (`importlib.import_module(name)`, `__import__`) and `sys.path` changes made at run time.
 */
import {
  BACKSLASH,
  COLON,
  COMMA,
  DOT,
  HASH,
  identEnd,
  isIdentStart,
  isSpace,
  lineEnd,
  NEWLINE,
  reference,
  SEMICOLON,
  skipQuoted,
  skipUntil,
  STAR,
} from './lexing';
import type { LanguageSupport, ReferenceGroup, ScannedReference, WorkspaceView } from './language';
import { childPath, dirOf, isInside, joinPath, WorkspaceFacts } from './resolving';

/** Scans the references of one Python file. */
export function scanPython(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  let depth = 0; // open brackets: a newline inside them does not end the statement
  let statementStart = true;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      i++;
      // An import at the start of a line inside brackets is an unclosed bracket above it: recover there.
      if (depth > 0 && (startsWord(text, i, 'import') || startsWord(text, i, 'from'))) depth = 0;
      if (depth === 0) statementStart = true;
    } else if (isSpace(c)) i++;
    else if (c === HASH) i = lineEnd(text, i);
    else if (c === BACKSLASH)
      i += 2; // line continuation
    else if (c === 34 || c === 39) {
      i = skipString(text, i);
      statementStart = false;
    } else if (isIdentStart(c)) {
      const end = identEnd(text, i);
      if (statementStart && end - i === 6 && text.startsWith('import', i)) i = readImport(text, end, found);
      else if (statementStart && end - i === 4 && text.startsWith('from', i)) i = readFrom(text, end, found);
      else i = end; // a string prefix (r'', b"", f'') ends here and its quote is read next
      statementStart = false;
    } else {
      if (c === 40 || c === 91 || c === 123) depth++;
      else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
      statementStart = depth === 0 && (c === SEMICOLON || c === COLON);
      i++;
    }
  }
  return found;
}

function startsWord(text: string, i: number, word: string): boolean {
  return text.startsWith(word, i) && isSpace(text.charCodeAt(i + word.length));
}

function skipString(text: string, i: number): number {
  const quote = text[i];
  const triple = quote + quote + quote;
  return text.startsWith(triple, i) ? skipUntil(text, i + 3, triple, true) : skipQuoted(text, i, false);
}

/** Past spaces, tabs, line continuations and (inside parentheses) newlines and comments. */
function skipGap(text: string, i: number, inParens: boolean): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) i++;
    else if (c === BACKSLASH && text.charCodeAt(i + 1) === NEWLINE) i += 2;
    else if (c === BACKSLASH && text.charCodeAt(i + 1) === 13 && text.charCodeAt(i + 2) === NEWLINE) i += 3;
    else if (inParens && c === NEWLINE) i++;
    else if (inParens && c === HASH) i = lineEnd(text, i);
    else return i;
  }
}

/** A dotted name (`a.b.c`, spaces allowed around dots) at `i`: its text without spaces and its extent. */
function readDotted(text: string, i: number, inParens: boolean): { name: string; start: number; end: number } | undefined {
  if (!isIdentStart(text.charCodeAt(i))) return undefined;
  const start = i;
  let name = '';
  let end: number;
  for (;;) {
    const identStop = identEnd(text, i);
    name += text.slice(i, identStop);
    end = identStop;
    const next = skipGap(text, identStop, inParens);
    if (text.charCodeAt(next) !== DOT) break;
    const after = skipGap(text, next + 1, inParens);
    if (!isIdentStart(text.charCodeAt(after))) break;
    name += '.';
    i = after;
  }
  return { name, start, end };
}

/** Past `as alias` when present. */
function skipAlias(text: string, i: number, inParens: boolean): number {
  const at = skipGap(text, i, inParens);
  if (text.startsWith('as', at) && !isIdentStart(text.charCodeAt(at + 2)) && isSpace(text.charCodeAt(at + 2))) {
    const alias = skipGap(text, at + 2, inParens);
    return identEnd(text, alias);
  }
  return i;
}

/** `import a.b as c, d` after the keyword. */
function readImport(text: string, i: number, found: ScannedReference[]): number {
  for (;;) {
    i = skipGap(text, i, false);
    const dotted = readDotted(text, i, false);
    if (!dotted) return i;
    found.push(reference(dotted.name, 'module', dotted.start, dotted.end));
    i = skipGap(text, skipAlias(text, dotted.end, false), false);
    if (text.charCodeAt(i) !== COMMA) return i;
    i++;
  }
}

/** `from .m import a as b, c` / `from m import (a, b)` / `from m import *` after the keyword. */
function readFrom(text: string, i: number, found: ScannedReference[]): number {
  i = skipGap(text, i, false);
  const moduleStart = i;
  let dots = '';
  let dotsEnd = i;
  while (text.charCodeAt(i) === DOT) {
    dots += '.';
    dotsEnd = i + 1;
    i = skipGap(text, i + 1, false);
  }
  const name = readDotted(text, i, false);
  const dotted = name?.name === 'import' ? undefined : name; // `from . import x`
  const module = dots + (dotted?.name ?? '');
  if (module === '') return i;
  const moduleEnd = dotted?.end ?? dotsEnd;
  i = skipGap(text, moduleEnd, false);
  if (!(text.startsWith('import', i) && !isIdentStart(text.charCodeAt(i + 6)))) return i;
  i = skipGap(text, i + 6, false);
  const inParens = text.charCodeAt(i) === 40;
  if (inParens) i = skipGap(text, i + 1, true);
  if (text.charCodeAt(i) === STAR) {
    found.push(reference(module, 'module', moduleStart, moduleEnd));
    return i + 1;
  }
  const prefix = dotted ? `${module}.` : module;
  const group: ReferenceGroup = { specifier: module, start: moduleStart, end: moduleEnd };
  for (;;) {
    const name = readDotted(text, i, inParens);
    if (!name || name.name.includes('.')) return i;
    found.push(reference(prefix + name.name, 'module', name.start, name.end, group));
    i = skipGap(text, skipAlias(text, name.end, inParens), inParens);
    if (text.charCodeAt(i) !== COMMA) return inParens && text.charCodeAt(i) === 41 ? i + 1 : i;
    i = skipGap(text, i + 1, inParens);
  }
}

interface PythonFacts {
  /** Folders absolute imports resolve from, deepest first. */
  readonly roots: readonly string[];
  /** Folders holding an `__init__.py`. */
  readonly packages: ReadonlySet<string>;
}

/** Package roots from pyproject.toml / setup.cfg: `package-dir = {"" = "src"}`, `where = ["src"]`, `from = "src"`, `package_dir = =src`. */
export function configuredRoots(configPath: string, text: string): string[] {
  const dir = dirOf(configPath);
  const roots: string[] = [];
  const patterns = [
    /^\s*""\s*=\s*["']([^"']+)["']/gm,
    /^\s*where\s*=\s*\[([^\]]*)\]/gm,
    /\bfrom\s*=\s*["']([^"']+)["']/g,
    /^\s*package_dir\s*=\s*\n?\s*=\s*(\S+)/gm,
  ];
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern))
      for (const value of match[1].split(',')) {
        const folder = value.trim().replace(/^["']|["']$/g, '');
        const root = folder === '' ? undefined : joinPath(dir, folder);
        if (root !== undefined) roots.push(root);
      }
  return roots;
}

function buildFacts(workspace: WorkspaceView): PythonFacts {
  const packages = new Set<string>();
  const configs: string[] = [];
  for (const file of workspace.allFiles()) {
    if (file === '__init__.py' || file.endsWith('/__init__.py')) packages.add(dirOf(file));
    else if (/(^|\/)(pyproject\.toml|setup\.cfg)$/.test(file)) configs.push(file);
  }
  const roots = new Set<string>(['']);
  for (const pkg of packages) if (pkg !== '' && !packages.has(dirOf(pkg))) roots.add(dirOf(pkg));
  for (const config of configs) for (const root of configuredRoots(config, workspace.readFile(config) ?? '')) roots.add(root);
  const sorted = [...roots].sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1));
  return { roots: sorted, packages };
}

/** The module file for a dotted path under `base`: `base/a/b.py`, `base/a/b/__init__.py` (or the .pyi stubs). */
function moduleFile(workspace: WorkspaceView, base: string, dotted: string): string | undefined {
  const path = dotted === '' ? base : childPath(base, dotted.replace(/\./g, '/'));
  const candidates = dotted === '' ? [] : [`${path}.py`, `${path}.pyi`];
  candidates.push(childPath(path, '__init__.py'), childPath(path, '__init__.pyi'));
  return candidates.find((c) => workspace.hasFile(c));
}

/** The module a specifier names under `base`, else its parent (`from pkg import name` where name is not a module). */
function moduleOrParent(workspace: WorkspaceView, base: string, dotted: string): string | undefined {
  const exact = moduleFile(workspace, base, dotted);
  if (exact !== undefined || dotted === '') return exact;
  const dot = dotted.lastIndexOf('.');
  return moduleFile(workspace, base, dot < 0 ? '' : dotted.slice(0, dot));
}

/** Resolves a Python specifier (see the top of this file) to the workspace files it names. */
export function resolvePython(from: string, specifier: string, workspace: WorkspaceView, facts: PythonFacts): string[] {
  let target: string | undefined;
  if (specifier.startsWith('.')) {
    let level = 0;
    while (specifier.charCodeAt(level) === DOT) level++;
    let base: string | undefined = dirOf(from);
    for (let up = 1; up < level && base !== undefined; up++) base = base === '' ? undefined : dirOf(base);
    if (base !== undefined) target = moduleOrParent(workspace, base, specifier.slice(level));
  } else {
    const fileDir = dirOf(from);
    const ordered = facts.roots.filter((root) => isInside(from, root));
    if (!facts.packages.has(fileDir) && !ordered.includes(fileDir)) ordered.unshift(fileDir);
    for (const root of facts.roots) if (!ordered.includes(root)) ordered.push(root);
    for (const root of ordered) {
      target = moduleOrParent(workspace, root, specifier);
      if (target !== undefined) break;
    }
  }
  return target === undefined || target === from ? [] : [target];
}

export function createPython(): LanguageSupport {
  const facts = new WorkspaceFacts(buildFacts);
  return {
    id: 'python',
    matches: (path) => path.endsWith('.py') || path.endsWith('.pyi'),
    scan: (text) => scanPython(text),
    resolve: (from, ref, workspace) => resolvePython(from, ref.specifier, workspace, facts.of(workspace)),
    invalidate: () => facts.clear(),
    isConfig: (path) => /(^|\/)(pyproject\.toml|setup\.cfg)$/.test(path),
  };
}
