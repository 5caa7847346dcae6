/**
 * Java and Kotlin: the `package` declaration and the imports (`import a.b.C;`, `import static
 * a.b.C.m;`, `import a.b.*;`, Kotlin's `import a.b.C as D`), read by a hand-written scanner of the
 * file's header: comments, annotations (`@file:JvmName(...)`) and the two declarations, stopping at
 * the first type declaration (imports may appear nowhere else).
 *
 * `import a.b.C` resolves to the file C.java / C.kt in a folder ending with a/b, nearest to the
 * importing file when several modules have one, so no source root needs to be configured; a nested
 * class (`a.b.C.Inner`) or a static member (`a.b.C.m`) resolves to C's file. A wildcard `a.b.*` names
 * the package's files. The package declaration is a 'package' reference to the other files of the
 * same folder (capped, see resolving.ts). Not exact: Kotlin top-level functions and properties
 * (`import a.b.topLevelFun`) live in a file whose name the import does not say, and Kotlin files whose
 * folder does not follow the package; both resolve to nothing.
 */
import { AT, DOT, identEnd, isIdentStart, reference, skipTrivia, skipWhitespace, STAR } from './lexing';
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { baseOf, dirOf, filesByName, nearestFirst, packageSiblings, WorkspaceFacts } from './resolving';

const JAVA_TRIVIA = { semicolons: true };

const SOURCE_EXTENSIONS = ['.java', '.kt', '.kts'];

function isSource(path: string): boolean {
  return SOURCE_EXTENSIONS.some((e) => path.endsWith(e));
}

/** A qualified name `a.b.C` or `a.b.*` at `i` (backticked Kotlin segments allowed). */
function readQualified(text: string, i: number): { name: string; start: number; end: number } | undefined {
  const start = i;
  let name = '';
  for (;;) {
    if (text.charCodeAt(i) === STAR) {
      name += '*';
      i++;
      break;
    }
    let end: number;
    if (text.charCodeAt(i) === 96) {
      const close = text.indexOf('`', i + 1);
      if (close < 0) break;
      name += text.slice(i + 1, close);
      end = close + 1;
    } else {
      end = identEnd(text, i);
      if (end === i) break;
      name += text.slice(i, end);
    }
    i = end;
    const dot = skipWhitespace(text, i);
    if (text.charCodeAt(dot) !== DOT) break;
    name += '.';
    i = skipWhitespace(text, dot + 1);
  }
  if (name === '' || name.endsWith('.')) return undefined;
  return { name, start, end: i };
}

/** Past an annotation at `i` (`@Foo`, `@a.b.Foo(...)`, `@file:JvmName("x")`). */
function skipAnnotation(text: string, i: number): number {
  i = identEnd(text, i + 1);
  if (text.charCodeAt(i) === 58) i = identEnd(text, i + 1); // @file:
  while (text.charCodeAt(i) === DOT) i = identEnd(text, i + 1);
  const open = skipWhitespace(text, i);
  if (text.charCodeAt(open) !== 40) return i;
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) {
      const close = text.indexOf('"', j + 1);
      j = close < 0 ? text.length : close;
    } else if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return j + 1;
  }
  return text.length;
}

/** Scans the package declaration and imports of one Java or Kotlin file. */
export function scanJava(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  let i = 0;
  for (;;) {
    i = skipTrivia(text, i, JAVA_TRIVIA);
    const c = text.charCodeAt(i);
    if (c === AT) {
      i = skipAnnotation(text, i);
      continue;
    }
    if (!isIdentStart(c)) return found;
    const end = identEnd(text, i);
    const word = text.slice(i, end);
    if (word !== 'package' && word !== 'import') return found;
    let at = skipWhitespace(text, end);
    if (word === 'import' && text.startsWith('static', at) && !isIdentStart(text.charCodeAt(at + 6))) at = skipWhitespace(text, at + 6);
    const name = readQualified(text, at);
    if (!name) return found;
    found.push(reference(name.name, word === 'package' ? 'package' : 'module', name.start, name.end));
    i = name.end;
    const alias = skipWhitespace(text, i);
    if (text.startsWith('as', alias) && !isIdentStart(text.charCodeAt(alias + 2))) i = identEnd(text, skipWhitespace(text, alias + 2));
  }
}

interface JavaFacts {
  /** Source files by file name. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
  /** Folders holding source files. */
  readonly folders: readonly string[];
}

function buildFacts(workspace: WorkspaceView): JavaFacts {
  const files = workspace.allFiles();
  const folders = new Set<string>();
  for (const file of files) if (isSource(file)) folders.add(dirOf(file));
  return { byName: filesByName(files, isSource), folders: [...folders] };
}

/** Does folder `dir` hold the package `segments` (its path ends with them)? */
function isPackageFolder(dir: string, segments: readonly string[]): boolean {
  const suffix = segments.join('/');
  return suffix === '' || dir === suffix || dir.endsWith(`/${suffix}`);
}

/** The source file of class `segments` (a.b.C, or a.b.C.Inner / a.b.C.member: the longest prefix that is a file). */
function classFile(from: string, segments: readonly string[], facts: JavaFacts): string | undefined {
  for (let n = segments.length; n >= 2; n--) {
    const pkg = segments.slice(0, n - 1);
    const candidates: string[] = [];
    for (const extension of SOURCE_EXTENSIONS)
      for (const file of facts.byName.get(segments[n - 1] + extension) ?? []) if (isPackageFolder(dirOf(file), pkg)) candidates.push(file);
    if (candidates.length > 0) return nearestFirst(from, candidates)[0];
  }
  return undefined;
}

export function resolveJava(from: string, ref: ScannedReference, workspace: WorkspaceView, facts: JavaFacts): string[] {
  const dir = dirOf(from);
  if (ref.kind === 'package') return packageSiblings(from, workspace.filesIn(dir).filter(isSource));
  const segments = ref.specifier.split('.');
  if (segments[segments.length - 1] === '*') {
    const pkg = segments.slice(0, -1);
    const asClass = classFile(from, pkg, facts); // import static a.b.C.*
    if (asClass !== undefined && baseOf(asClass).startsWith(`${pkg[pkg.length - 1]}.`)) return asClass === from ? [] : [asClass];
    const folder = nearestFirst(
      from,
      facts.folders.filter((f) => isPackageFolder(f, pkg)),
    )[0];
    return folder === undefined ? [] : workspace.filesIn(folder).filter((f) => isSource(f) && f !== from);
  }
  const file = classFile(from, segments, facts);
  return file === undefined || file === from ? [] : [file];
}

export function createJava(): LanguageSupport {
  const facts = new WorkspaceFacts(buildFacts);
  return {
    id: 'java',
    matches: isSource,
    scan: (text) => scanJava(text),
    resolve: (from, ref, workspace) => resolveJava(from, ref, workspace, facts.of(workspace)),
    invalidate: () => facts.clear(),
  };
}
