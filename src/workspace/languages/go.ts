/**
 * Go: the `package` clause and the import declarations (`import "x"`, `import alias "x"`, `import _
 * "x"`, `import . "x"`, grouped `import ( ... )`), read by a hand-written scanner that skips comments
 * and stops at the first top-level declaration after the imports (Go allows imports nowhere else).
 *
 * An import names a package, and a package is a folder: the reference resolves to the folder's .go
 * files (not its `_test.go` files, which an import does not compile). The folder comes from the
 * nearest `go.mod` whose module path prefixes the import path (its `replace` directives to local
 * folders included), else from a `vendor/` folder above the importing file; the standard library and
 * modules outside the workspace resolve to nothing.
 *
 * The package clause is a 'package' reference to the other files of the same folder: a file links to
 * its package's files, a `_test.go` file to every file of the folder; past MAX_PACKAGE_SIBLINGS a file
 * links to the siblings with the closest names (see resolving.ts). Not exact: build constraints
 * (`//go:build`, `_linux.go`) that leave a file out of a build are ignored.
 */
import { BACKTICK, identEnd, isIdentStart, lineEnd, QUOTE, reference, skipTrivia } from './lexing';
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { baseOf, childPath, dirOf, isInside, joinPath, packageSiblings, WorkspaceFacts } from './resolving';

const GO_TRIVIA = { semicolons: true };

/** A Go string literal ("..." or `...`) at `i`: its value and the value's extent. */
function goString(text: string, i: number): { value: string; start: number; end: number } | undefined {
  const quote = text.charCodeAt(i);
  if (quote !== QUOTE && quote !== BACKTICK) return undefined;
  const close = text.indexOf(quote === QUOTE ? '"' : '`', i + 1);
  const newline = text.indexOf('\n', i + 1);
  if (close < 0 || (quote === QUOTE && newline >= 0 && newline < close)) return undefined;
  return { value: text.slice(i + 1, close), start: i + 1, end: close };
}

/** One import spec: `[name | _ | .] "path"`. Returns the offset after it. */
function readSpec(text: string, i: number, found: ScannedReference[]): number {
  if (isIdentStart(text.charCodeAt(i)) || text.charCodeAt(i) === 46) {
    i = text.charCodeAt(i) === 46 ? i + 1 : identEnd(text, i);
    i = skipTrivia(text, i, GO_TRIVIA);
  }
  const literal = goString(text, i);
  if (!literal) return lineEnd(text, i);
  if (literal.value !== '') found.push(reference(literal.value, 'module', literal.start, literal.end));
  return literal.end + 1;
}

/** Scans the package clause and imports of one Go file. */
export function scanGo(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  let i = skipTrivia(text, 0, GO_TRIVIA);
  if (text.startsWith('package', i) && !isIdentStart(text.charCodeAt(i + 7))) {
    const name = skipTrivia(text, i + 7, GO_TRIVIA);
    const end = identEnd(text, name);
    if (end > name) found.push(reference(text.slice(name, end), 'package', name, end));
    i = end;
  }
  for (;;) {
    i = skipTrivia(text, i, GO_TRIVIA);
    if (!(text.startsWith('import', i) && !isIdentStart(text.charCodeAt(i + 6)))) return found;
    i = skipTrivia(text, i + 6, GO_TRIVIA);
    if (text.charCodeAt(i) !== 40) {
      i = readSpec(text, i, found);
      continue;
    }
    i = skipTrivia(text, i + 1, GO_TRIVIA);
    while (i < text.length && text.charCodeAt(i) !== 41) {
      const next = readSpec(text, i, found);
      i = skipTrivia(text, next > i ? next : i + 1, GO_TRIVIA);
    }
    i++;
  }
}

interface GoFacts {
  /** Module path -> folder of its go.mod (or of a `replace` target), longest paths first. */
  readonly modules: readonly { readonly path: string; readonly dir: string }[];
  /** Folders named `vendor` that hold packages. */
  readonly vendors: readonly string[];
}

/** `module x` and the `replace a => ./local` directives of a go.mod. */
export function goModEntries(goModPath: string, text: string): { path: string; dir: string }[] {
  const dir = dirOf(goModPath);
  const entries: { path: string; dir: string }[] = [];
  const module = /^\s*module\s+"?([^\s"]+)"?/m.exec(text);
  if (module) entries.push({ path: module[1], dir });
  for (const match of text.matchAll(/^\s*(?:replace\s+)?([^\s()]+)(?:\s+v[^\s]+)?\s*=>\s*(\.{1,2}\/[^\s]*|\.{1,2})\s*$/gm)) {
    const target = joinPath(dir, match[2]);
    if (target !== undefined) entries.push({ path: match[1], dir: target });
  }
  return entries;
}

function buildFacts(workspace: WorkspaceView): GoFacts {
  const modules: { path: string; dir: string }[] = [];
  const vendors = new Set<string>();
  for (const file of workspace.allFiles()) {
    if (baseOf(file) === 'go.mod') modules.push(...goModEntries(file, workspace.readFile(file) ?? ''));
    const vendor = file.indexOf('vendor/');
    if (vendor >= 0 && (vendor === 0 || file[vendor - 1] === '/') && file.endsWith('.go')) vendors.add(file.slice(0, vendor + 'vendor'.length));
  }
  modules.sort((a, b) => b.path.length - a.path.length);
  return { modules, vendors: [...vendors].sort((a, b) => b.length - a.length) };
}

/** The .go files of a package folder, without its tests. */
function packageFiles(workspace: WorkspaceView, dir: string): string[] {
  return workspace.filesIn(dir).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
}

/** The folder an import path names: through a module path, else a vendor folder above the importing file. */
export function goPackageDir(from: string, importPath: string, workspace: WorkspaceView, facts: GoFacts): string | undefined {
  for (const module of facts.modules) {
    if (importPath === module.path) return module.dir;
    if (importPath.startsWith(`${module.path}/`)) return childPath(module.dir, importPath.slice(module.path.length + 1));
  }
  for (const vendor of facts.vendors) {
    const dir = childPath(vendor, importPath);
    if (isInside(from, dirOf(vendor)) && workspace.hasDirectory(dir)) return dir;
  }
  return undefined;
}

export function resolveGo(from: string, ref: ScannedReference, workspace: WorkspaceView, facts: GoFacts): string[] {
  if (ref.kind === 'package') {
    const dir = dirOf(from);
    const siblings = from.endsWith('_test.go') ? workspace.filesIn(dir).filter((f) => f.endsWith('.go')) : packageFiles(workspace, dir);
    return packageSiblings(from, siblings);
  }
  const dir = goPackageDir(from, ref.specifier, workspace, facts);
  return dir === undefined ? [] : packageFiles(workspace, dir).filter((f) => f !== from);
}

export function createGo(): LanguageSupport {
  const facts = new WorkspaceFacts(buildFacts);
  return {
    id: 'go',
    matches: (path) => path.endsWith('.go'),
    scan: (text) => scanGo(text),
    resolve: (from, ref, workspace) => resolveGo(from, ref, workspace, facts.of(workspace)),
    invalidate: () => facts.clear(),
    isConfig: (path) => baseOf(path) === 'go.mod' || baseOf(path) === 'go.work',
  };
}
