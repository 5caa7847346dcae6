/**
 * C and C++ (and Objective-C's `#import`): `#include "x.h"` and `#include <x.h>` directives, read by a
 * hand-written scanner that only looks at lines starting with `#` and skips block comments, string and
 * char literals and C++ raw strings (`R"(...)"`), so a directive inside any of them is not read.
 *
 * `"x.h"` resolves relative to the including file, then through the include folders found in the
 * tree: a folder `D` such that `D/x.h` exists (the header path's suffix), preferring a folder named
 * `include` and then the one nearest the including file. `<x.h>` resolves only under a folder named
 * `include` or the workspace root; anything else is a system header. Not exact: the compiler's
 * `-I` flags (compile_commands.json, CMake) are not read, and includes under a macro
 * (`#include HEADER`) or an `#if` that is off are treated alike (the former skipped, the latter read).
 */
import { BACKSLASH, HASH, isSpace, lineEnd, NEWLINE, reference, skipBlockComment, skipQuoted, SLASH, STAR } from './lexing';
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { baseOf, dirOf, filesByName, joinPath, nearestFirst, WorkspaceFacts } from './resolving';

const SOURCE = /\.(c|h|cc|cpp|cxx|c\+\+|hh|hpp|hxx|h\+\+|ipp|tpp|inl|m|mm)$/i;

const DIRECTIVES = ['include_next', 'include', 'import'];

/** The `#include` directive whose `#` is at `i`, if it is one. */
function readDirective(text: string, i: number): ScannedReference | undefined {
  let j = i + 1;
  while (isSpace(text.charCodeAt(j))) j++;
  const directive = DIRECTIVES.find((d) => text.startsWith(d, j));
  if (directive === undefined) return undefined;
  j += directive.length;
  while (isSpace(text.charCodeAt(j))) j++;
  const open = text[j];
  const close = open === '"' ? '"' : open === '<' ? '>' : undefined;
  if (close === undefined) return undefined;
  const end = text.indexOf(close, j + 1);
  const eol = lineEnd(text, j);
  if (end < 0 || end > eol || end === j + 1) return undefined;
  const written = text.slice(j + 1, end);
  return reference(open === '<' ? `<${written}>` : written, 'include', j + 1, end);
}

/** Scans the include directives of one C/C++ file. */
export function scanC(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  let lineStart = true;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      lineStart = true;
      i++;
    } else if (isSpace(c)) i++;
    else if (c === BACKSLASH)
      i += 2; // a continued line is still the same line
    else if (c === HASH && lineStart) {
      const directive = readDirective(text, i);
      if (directive) found.push(directive);
      i = directive ? lineEnd(text, i) : i + 1;
      lineStart = false;
    } else {
      lineStart = false;
      if (c === SLASH && text.charCodeAt(i + 1) === SLASH) i = lineEnd(text, i);
      else if (c === SLASH && text.charCodeAt(i + 1) === STAR) i = skipBlockComment(text, i);
      else if (c === 34 && text.charCodeAt(i - 1) === 82 /* R */) i = skipRawString(text, i);
      else if (c === 34 || c === 39) i = skipQuoted(text, i, false);
      else i++;
    }
  }
  return found;
}

/** Past a C++ raw string whose quote is at `i`: R"delim( ... )delim". */
function skipRawString(text: string, i: number): number {
  const paren = text.indexOf('(', i);
  if (paren < 0 || paren - i > 17) return skipQuoted(text, i, false);
  const close = `)${text.slice(i + 1, paren)}"`;
  const end = text.indexOf(close, paren);
  return end < 0 ? text.length : end + close.length;
}

interface CFacts {
  /** Headers (and any source file) by file name. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
}

function buildFacts(workspace: WorkspaceView): CFacts {
  return { byName: filesByName(workspace.allFiles(), () => true) };
}

/** Is `dir` (the folder a header path hangs from) an include folder? */
function isIncludeFolder(dir: string): boolean {
  return dir === '' || dir === 'include' || dir.endsWith('/include');
}

/** The folders `D` with `D/written` a workspace file, as the files they give. */
function throughFolders(written: string, facts: CFacts): { file: string; folder: string }[] {
  const out: { file: string; folder: string }[] = [];
  for (const file of facts.byName.get(baseOf(written)) ?? []) {
    if (file === written) out.push({ file, folder: '' });
    else if (file.endsWith(`/${written}`)) out.push({ file, folder: file.slice(0, file.length - written.length - 1) });
  }
  return out;
}

export function resolveC(from: string, specifier: string, workspace: WorkspaceView, facts: CFacts): string[] {
  const system = specifier.startsWith('<');
  const written = system ? specifier.slice(1, -1) : specifier;
  if (written.startsWith('/') || written.includes('\\')) return [];
  if (!system) {
    const relative = joinPath(dirOf(from), written);
    if (relative !== undefined && workspace.hasFile(relative)) return relative === from ? [] : [relative];
  }
  if (written.split('/').includes('..')) return [];
  const candidates = throughFolders(written, facts).filter((c) => !system || isIncludeFolder(c.folder));
  if (candidates.length === 0) return [];
  const include = candidates.filter((c) => isIncludeFolder(c.folder));
  const pick = nearestFirst(
    from,
    (include.length > 0 ? include : candidates).map((c) => c.file),
  )[0];
  return pick === from ? [] : [pick];
}

export function createC(): LanguageSupport {
  const facts = new WorkspaceFacts(buildFacts);
  return {
    id: 'c',
    matches: (path) => SOURCE.test(path),
    scan: (text) => scanC(text),
    resolve: (from, ref, workspace) => resolveC(from, ref.specifier, workspace, facts.of(workspace)),
    invalidate: () => facts.clear(),
  };
}
