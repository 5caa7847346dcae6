/**
 * PHP: `use` imports of classes (`use A\B\C;`, `use A\B\C as D;`, grouped `use A\{B, C\D};`) and
 * `require`/`include` (`_once` too) of literal paths, read by a hand-written scanner that skips the
 * HTML outside `<?php ... ?>`, comments (`//`, `#` but not `#[` attributes, `/* *\/`), strings and
 * heredocs, and reads `use` only at the top level of a file or namespace block (inside a class it
 * imports a trait; after a closure's parameters it captures variables).
 *
 * A class import resolves through composer.json's PSR-4 `autoload`/`autoload-dev` maps (longest
 * namespace prefix first): `App\Http\Kernel` with `"App\\": "src/"` is src/Http/Kernel.php. An
 * include of `__DIR__ . '/x.php'` or `dirname(__FILE__) . '/x.php'` is exact (the file's folder); a
 * bare `'x.php'` is looked up as PHP does by default, in the file's folder and then the workspace
 * root. Not exact: `use function`/`use const` (functions and constants have no file), PSR-0 and
 * classmap autoloading, traits used inside classes, and includes of computed paths.
 */
import { BACKSLASH, HASH, identEnd, isIdentStart, lineEnd, reference, skipQuoted, skipTrivia, skipWhitespace, SLASH } from './lexing';
import type { LanguageSupport, ReferenceGroup, ScannedReference, WorkspaceView } from './language';
import { baseOf, childPath, dirOf, joinPath, nearestFirst, WorkspaceFacts } from './resolving';

const PHP_TRIVIA = { hashComments: true };

const INCLUDES = new Set(['require', 'require_once', 'include', 'include_once']);

/** The include's path expression: a literal, or a literal after `__DIR__ .` (dirname(__FILE__), dirname(__DIR__)). */
const INCLUDE_PATH = /^\(?\s*(?:(__DIR__|dirname\s*\(\s*__FILE__\s*\)|dirname\s*\(\s*__DIR__\s*\))\s*\.\s*)?(['"])([^'"$\\\n]+)\2/;

/** A qualified name `A\B\C` (leading `\` dropped) at `i`. */
function readName(text: string, i: number): { name: string; start: number; end: number } | undefined {
  if (text.charCodeAt(i) === BACKSLASH) i++;
  const start = i;
  let end = identEnd(text, i);
  if (end === i) return undefined;
  while (text.charCodeAt(end) === BACKSLASH && isIdentStart(text.charCodeAt(end + 1))) end = identEnd(text, end + 1);
  return { name: text.slice(start, end), start, end };
}

/** `use` clauses after the keyword, up to the `;`. */
function readUse(text: string, i: number, found: ScannedReference[]): number {
  i = skipTrivia(text, i, PHP_TRIVIA);
  const kindEnd = identEnd(text, i);
  const kind = text.slice(i, kindEnd);
  const skip = kind === 'function' || kind === 'const';
  if (skip) i = skipTrivia(text, kindEnd, PHP_TRIVIA);
  for (;;) {
    const name = readName(text, i);
    if (!name) return i;
    i = skipTrivia(text, name.end, PHP_TRIVIA);
    if (text.charCodeAt(i) === BACKSLASH && text.charCodeAt(i + 1) === 123) {
      // Grouped: A\{B, C\D as E}
      const group: ReferenceGroup = { specifier: name.name, start: name.start, end: name.end };
      i = skipTrivia(text, i + 2, PHP_TRIVIA);
      while (i < text.length && text.charCodeAt(i) !== 125) {
        const member = readName(text, i);
        if (!member) break;
        if (!skip) found.push(reference(`${name.name}\\${member.name}`, 'module', member.start, member.end, group));
        i = skipAlias(text, skipTrivia(text, member.end, PHP_TRIVIA));
        if (text.charCodeAt(i) === 44) i = skipTrivia(text, i + 1, PHP_TRIVIA);
      }
      i = skipTrivia(text, i + 1, PHP_TRIVIA);
    } else {
      if (!skip) found.push(reference(name.name, 'module', name.start, name.end));
      i = skipAlias(text, i);
    }
    if (text.charCodeAt(i) !== 44) return i;
    i = skipTrivia(text, i + 1, PHP_TRIVIA);
  }
}

function skipAlias(text: string, i: number): number {
  if (!(text.startsWith('as', i) && !isIdentStart(text.charCodeAt(i + 2)))) return i;
  return skipTrivia(text, identEnd(text, skipTrivia(text, i + 2, PHP_TRIVIA)), PHP_TRIVIA);
}

/** Past a heredoc/nowdoc whose `<<<` is at `i`. */
function skipHeredoc(text: string, i: number): number {
  const match = /^<<<[ \t]*(['"]?)([A-Za-z_]\w*)\1/.exec(text.slice(i, i + 80));
  if (!match) return i + 3;
  const close = new RegExp(`^[ \\t]*${match[2]}\\b`, 'm');
  const bodyStart = lineEnd(text, i) + 1;
  const end = close.exec(text.slice(bodyStart));
  return end ? bodyStart + (end.index ?? 0) + end[0].length : text.length;
}

/** Scans the class imports and includes of one PHP file. */
export function scanPhp(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  let depth = 0; // braces, not counting a `namespace X { ... }` block
  const namespaceBraces: number[] = [];
  let pendingNamespace = false;
  let previousWord = '';
  let i = text.indexOf('<?');
  if (i < 0) return found;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 63 /* ? */ && text.charCodeAt(i + 1) === 62) {
      const open = text.indexOf('<?', i + 2);
      if (open < 0) break;
      i = open + 2;
    } else if (c === SLASH || c === HASH) {
      const next = skipTrivia(text, i, PHP_TRIVIA);
      if (next === i) i++;
      else i = next;
    } else if (c === 39 || c === 34 || c === 96) i = skipQuoted(text, i, true);
    else if (c === 60 && text.startsWith('<<<', i)) i = skipHeredoc(text, i);
    else if (isIdentStart(c)) {
      const end = identEnd(text, i);
      const word = text.slice(i, end).toLowerCase();
      const afterArrow = text.charCodeAt(i - 1) === 62 || text.charCodeAt(i - 1) === 58 || text.charCodeAt(i - 1) === 36; // ->use, ::use, $use
      if (afterArrow) i = end;
      else if (word === 'use' && depth === 0 && previousWord !== ')') i = readUse(text, end, found);
      else if (word === 'namespace') {
        pendingNamespace = true;
        i = end;
      } else if (INCLUDES.has(word)) {
        const expression = INCLUDE_PATH.exec(text.slice(skipWhitespace(text, end), skipWhitespace(text, end) + 300));
        if (expression) {
          const literal = expression[3];
          const base = skipWhitespace(text, end) + expression[0].length - 1 - literal.length;
          const prefix =
            expression[1] === undefined ? '' : expression[1].includes('__DIR__') && expression[1].startsWith('dirname') ? '__DIR__/..' : '__DIR__';
          found.push(reference(prefix === '' ? literal : `${prefix}/${literal.replace(/^\//, '')}`, 'module', base, base + literal.length));
        }
        i = end;
      } else i = end;
      previousWord = word;
      continue;
    } else if (c === 123) {
      if (pendingNamespace) namespaceBraces.push(depth);
      else depth++;
      pendingNamespace = false;
      i++;
    } else if (c === 125) {
      if (depth === 0 && namespaceBraces.length > 0) namespaceBraces.pop();
      else depth = Math.max(0, depth - 1);
      i++;
    } else {
      if (c === 59) pendingNamespace = false;
      i++;
    }
    if (c === 41) previousWord = ')';
    else if (!(c === 32 || c === 10 || c === 9 || c === 13)) previousWord = '';
  }
  return found;
}

interface PhpFacts {
  /** PSR-4 namespace prefixes (with trailing `\`) -> folders, longest prefix first. */
  readonly psr4: readonly { readonly prefix: string; readonly dirs: readonly string[] }[];
}

/** The PSR-4 maps of one composer.json (autoload and autoload-dev). */
export function psr4Entries(composerPath: string, text: string): { prefix: string; dirs: string[] }[] {
  const dir = dirOf(composerPath);
  let json: { autoload?: { 'psr-4'?: Record<string, unknown> }; 'autoload-dev'?: { 'psr-4'?: Record<string, unknown> } };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    return [];
  }
  const entries: { prefix: string; dirs: string[] }[] = [];
  for (const map of [json?.autoload?.['psr-4'], json?.['autoload-dev']?.['psr-4']]) {
    if (map === null || typeof map !== 'object') continue;
    for (const [prefix, value] of Object.entries(map)) {
      const folders = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
      const dirs = folders.map((f) => joinPath(dir, f)).filter((d): d is string => d !== undefined);
      entries.push({ prefix: prefix.replace(/^\\/, ''), dirs });
    }
  }
  return entries;
}

function buildFacts(workspace: WorkspaceView): PhpFacts {
  const psr4: { prefix: string; dirs: string[] }[] = [];
  for (const file of workspace.allFiles()) if (baseOf(file) === 'composer.json') psr4.push(...psr4Entries(file, workspace.readFile(file) ?? ''));
  psr4.sort((a, b) => b.prefix.length - a.prefix.length);
  return { psr4 };
}

export function resolvePhp(from: string, specifier: string, workspace: WorkspaceView, facts: PhpFacts): string[] {
  let candidates: (string | undefined)[];
  if (specifier.startsWith('__DIR__/')) candidates = [joinPath(dirOf(from), specifier.slice('__DIR__/'.length))];
  else if (specifier.includes('/') || specifier.endsWith('.php') || specifier.endsWith('.inc'))
    candidates = [joinPath(dirOf(from), specifier), joinPath('', specifier)];
  else {
    candidates = [];
    for (const { prefix, dirs } of facts.psr4) {
      if (prefix !== '' && !specifier.startsWith(prefix)) continue;
      const rest = `${specifier.slice(prefix.length).replace(/\\/g, '/')}.php`;
      candidates.push(...nearestFirst(from, dirs).map((dir) => childPath(dir, rest)));
    }
  }
  const target = candidates.find((c) => c !== undefined && workspace.hasFile(c));
  return target === undefined || target === from ? [] : [target];
}

export function createPhp(): LanguageSupport {
  const facts = new WorkspaceFacts(buildFacts);
  return {
    id: 'php',
    matches: (path) => /\.(php|phtml|inc)$/.test(path),
    scan: (text) => scanPhp(text),
    resolve: (from, ref, workspace) => resolvePhp(from, ref.specifier, workspace, facts.of(workspace)),
    invalidate: () => facts.clear(),
    isConfig: (path) => baseOf(path) === 'composer.json',
  };
}
