/**
 * Ruby: `require_relative 'x'`, `require 'x'` and `autoload :Name, 'x'` with a literal path, read by a
 * line scanner: a statement starting a line (or following `;`), with the literal in quotes, outside
 * `=begin`/`=end` blocks and heredoc bodies. A literal with interpolation (`"#{dir}/x"`) is skipped.
 *
 * `require_relative` is exact: the file's folder plus the path (`.rb` added). `require` searches the
 * load path, which Ruby builds at run time; the cheap and usual part of it is each gem's `lib/`
 * folder, so 'a/b' resolves to `lib/a/b.rb` under the nearest folder that has one, and a require of
 * a gem outside the workspace resolves to nothing. Not exact: `$LOAD_PATH` changes, `require` of a
 * computed path, `Dir[...].each { require }` and Rails/Zeitwerk autoloading by constant name.
 */
import { reference } from './lexing';
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { childPath, dirOf, joinPath, nearestFirst, WorkspaceFacts } from './resolving';

/** A require at a statement start: the keyword, then the quoted literal. */
const REQUIRE = /(?:^|;)[ \t]*(require_relative|require|autoload[ \t]+:\w+[ \t]*,)[ \t]*\(?[ \t]*(['"])([^'"\n]*)\2/g;
const HEREDOC = /<<[~-]?(['"`]?)([A-Za-z_]\w*)\1/g;

/** Scans the requires of one Ruby file. */
export function scanRuby(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  let heredocs: string[] = [];
  let inComment = false;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (inComment) inComment = !line.startsWith('=end');
    else if (heredocs.length > 0) {
      if (line.trim() === heredocs[0]) heredocs = heredocs.slice(1);
    } else if (line.startsWith('=begin')) inComment = true;
    else {
      const code = line.includes('#') ? line.slice(0, commentStart(line)) : line;
      for (const match of code.matchAll(REQUIRE)) {
        const literal = match[3];
        if (literal === '' || literal.includes('#{')) continue;
        const start = lineStart + (match.index ?? 0) + match[0].length - 1 - literal.length;
        const kind = match[1] === 'require_relative' ? 'require_relative' : 'require';
        found.push(reference(`${kind === 'require_relative' ? './' : ''}${literal}`, 'module', start, start + literal.length));
      }
      if (code.includes('<<')) for (const match of code.matchAll(HEREDOC)) heredocs.push(match[2]);
    }
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return found;
}

/** Where a `#` comment starts in a line, skipping `#` inside quotes. */
function commentStart(line: string): number {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#') return i;
  }
  return line.length;
}

interface RubyFacts {
  /** Folders named lib. */
  readonly libs: readonly string[];
}

function buildFacts(workspace: WorkspaceView): RubyFacts {
  const libs = new Set<string>();
  for (const file of workspace.allFiles()) {
    const at = file.lastIndexOf('lib/');
    if (file.endsWith('.rb') && at >= 0 && (at === 0 || file[at - 1] === '/')) {
      // Every `lib` folder on the path (a gem inside a monorepo's lib/ too).
      for (let i = file.indexOf('lib/'); i >= 0; i = file.indexOf('lib/', i + 1)) if (i === 0 || file[i - 1] === '/') libs.add(file.slice(0, i + 3));
    }
  }
  return { libs: [...libs] };
}

function withExtension(path: string): string {
  return /\.(rb|so|bundle)$/.test(path) ? path : `${path}.rb`;
}

export function resolveRuby(from: string, specifier: string, workspace: WorkspaceView, facts: RubyFacts): string[] {
  if (specifier.startsWith('./')) {
    const target = joinPath(dirOf(from), withExtension(specifier.slice(2)));
    return target !== undefined && target !== from && workspace.hasFile(target) ? [target] : [];
  }
  if (specifier.startsWith('/') || specifier.startsWith('.')) return [];
  const file = withExtension(specifier);
  const target = nearestFirst(
    from,
    facts.libs.map((lib) => childPath(lib, file)),
  ).find((candidate) => workspace.hasFile(candidate));
  return target === undefined || target === from ? [] : [target];
}

export function createRuby(): LanguageSupport {
  const facts = new WorkspaceFacts(buildFacts);
  return {
    id: 'ruby',
    matches: (path) =>
      path.endsWith('.rb') || path.endsWith('.rake') || path.endsWith('/Rakefile') || path === 'Rakefile' || path.endsWith('.gemspec'),
    scan: (text) => scanRuby(text),
    resolve: (from, ref, workspace) => resolveRuby(from, ref.specifier, workspace, facts.of(workspace)),
    invalidate: () => facts.clear(),
  };
}
