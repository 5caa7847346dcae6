/**
 * C#: only what is cheap. A `using A.B;` directive names a namespace, and a namespace spans any number
 * of files, folders and projects: no file follows from it without reading every file's declarations
 * and types, so `using` directives give no edges. The namespace declaration (`namespace A.B;` or
 * `namespace A.B { ... }`) gives a 'package' reference to the other .cs files of the same folder
 * (capped, see resolving.ts): C# projects keep one namespace per folder by convention, though the
 * compiler does not require it, so a sibling that declares another namespace is linked too (checking
 * would mean reading every sibling on every resolve).
 */
import { identEnd, isIdentStart, lineEnd, reference, skipBlockComment, skipQuoted, skipWhitespace, SLASH, STAR } from './lexing';
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { dirOf, packageSiblings } from './resolving';

/** Scans the namespace declarations of one C# file. */
export function scanCSharp(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) i = lineEnd(text, i);
    else if (c === SLASH && text.charCodeAt(i + 1) === STAR) i = skipBlockComment(text, i);
    else if (c === 64 /* @ */ && text.charCodeAt(i + 1) === 34) i = skipVerbatim(text, i + 1);
    else if (c === 34 && text.startsWith('"""', i)) {
      const close = text.indexOf('"""', i + 3);
      i = close < 0 ? text.length : close + 3;
    } else if (c === 34 || c === 39) i = skipQuoted(text, i, false);
    else if (isIdentStart(c)) {
      const end = identEnd(text, i);
      if (end - i === 9 && text.startsWith('namespace', i)) {
        const name = skipWhitespace(text, end);
        let nameEnd = identEnd(text, name);
        while (text.charCodeAt(nameEnd) === 46 && isIdentStart(text.charCodeAt(nameEnd + 1))) nameEnd = identEnd(text, nameEnd + 1);
        if (nameEnd > name) found.push(reference(text.slice(name, nameEnd), 'package', name, nameEnd));
        i = nameEnd;
      } else i = end;
    } else i++;
  }
  return found;
}

/** Past a verbatim string @"..." ("" is an escaped quote) whose quote is at `i`. */
function skipVerbatim(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text.charCodeAt(j) !== 34) continue;
    if (text.charCodeAt(j + 1) === 34) j++;
    else return j + 1;
  }
  return text.length;
}

export function resolveCSharp(from: string, workspace: WorkspaceView): string[] {
  return packageSiblings(
    from,
    workspace.filesIn(dirOf(from)).filter((f) => f.endsWith('.cs')),
  );
}

export function createCSharp(): LanguageSupport {
  return {
    id: 'csharp',
    matches: (path) => path.endsWith('.cs'),
    scan: (text) => scanCSharp(text),
    resolve: (from, _ref, workspace) => resolveCSharp(from, workspace),
  };
}
