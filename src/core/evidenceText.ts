/** Small wording helpers shared by the signals' evidence strings and the engine's notes, so every face reads the same phrases. */
import type { EdgeKind } from './graph';

/** The last segment of a path, for evidence that has to stay short. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** File names that say little without their folder: a package's or a module folder's own file. */
const FOLDER_FILE = /^(?:__init__\.py|__main__\.py|index\.[^.]+|mod\.rs)$/;

/** The file name, with its folder's name for a package's own file: `fastapi/__init__.py`, `auth/index.ts`. */
export function namedWithFolder(path: string): string {
  const parts = path.split(/[\\/]/).filter((part) => part !== '');
  const name = parts.at(-1) ?? path;
  return FOLDER_FILE.test(name) && parts.length > 1 ? `${parts.at(-2)}/${name}` : name;
}

/**
 * Names for a chain of paths: each as namedWithFolder gives it, except where two of the paths share a name (a
 * page and its translation, two index.ts): those gain the folder where they part, as an editor's tabs do:
 * `en/…/first-steps.md`, `core/index.ts`.
 */
export function distinctNames(paths: readonly string[]): string[] {
  const reversed = paths.map((path) => path.split('/').reverse());
  return reversed.map((segments, i) => {
    const twins = reversed.filter((other, j) => j !== i && other[0] === segments[0] && paths[j] !== paths[i]);
    if (twins.length === 0) return namedWithFolder(paths[i]);
    // The first folder, counted from the name up, where this path parts from every twin.
    let depth = 1;
    while (depth < segments.length && twins.some((twin) => twin.slice(0, depth + 1).join('/') === segments.slice(0, depth + 1).join('/'))) depth++;
    if (depth >= segments.length) return paths[i];
    return depth === 1 ? `${segments[1]}/${segments[0]}` : `${segments[depth]}/…/${segments[0]}`;
  });
}

/** "12 min ago", "3 h ago", "5 days ago". */
export function timeAgo(ms: number): string {
  const minutes = Math.max(0, ms) / 60_000;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${Math.round(minutes)} min ago`;
  const hours = minutes / 60;
  if (hours < 36) return `${Math.round(hours)} h ago`;
  const days = hours / 24;
  if (days < 60) return `${Math.round(days)} days ago`;
  if (days < 730) return `${Math.round(days / 30.4)} months ago`;
  return `${Math.round(days / 365)} years ago`;
}

/** The TS/JS module import kinds: their evidence reads "imports" / "imported by" as it always has. */
const IMPORT_KINDS: ReadonlySet<EdgeKind> = new Set<EdgeKind>(['import', 'export', 'dynamic', 'require', 'type-only']);

/**
 * How a candidate relates to the query file through one edge, in words about the candidate:
 * `refersTo` when the candidate's edge points at the query ("includes q.h", "links to q.mdx"),
 * `referredBy` when the query's edge points at the candidate ("template of q.ts", "styles q.ts").
 */
const EDGE_WORDS: Readonly<
  Record<Exclude<EdgeKind, 'import' | 'export' | 'dynamic' | 'require' | 'type-only'>, { refersTo: string; referredBy: string }>
> = {
  module: { refersTo: 'imports module', referredBy: 'module imported by' },
  package: { refersTo: 'same package as', referredBy: 'same package as' },
  include: { refersTo: 'includes', referredBy: 'included by' },
  styles: { refersTo: 'styled by', referredBy: 'styles' },
  template: { refersTo: 'uses the template', referredBy: 'template of' },
  script: { refersTo: 'loads the script', referredBy: 'script of' },
  link: { refersTo: 'links to', referredBy: 'linked from' },
  asset: { refersTo: 'shows', referredBy: 'shown by' },
  config: { refersTo: 'configured by', referredBy: 'named in the config' },
};

/** "imports login.ts", "template of app.component.ts", "links to guide.mdx": the candidate's edge to the query. */
export function refersToWords(kind: EdgeKind, query: string): string {
  return IMPORT_KINDS.has(kind) ? `imports ${query}` : `${EDGE_WORDS[kind as keyof typeof EDGE_WORDS].refersTo} ${query}`;
}

/** "imported by login.ts", "styles app.component.ts", "included by main.c": the query's edge to the candidate. */
export function referredByWords(kind: EdgeKind, query: string): string {
  return IMPORT_KINDS.has(kind) ? `imported by ${query}` : `${EDGE_WORDS[kind as keyof typeof EDGE_WORDS].referredBy} ${query}`;
}

/** Both directions: "imports and is imported by q.ts" for TS/JS imports, else the two phrases joined. */
export function mutualWords(candidateKind: EdgeKind, queryKind: EdgeKind, query: string): string {
  if (IMPORT_KINDS.has(candidateKind) && IMPORT_KINDS.has(queryKind)) return `imports and is imported by ${query}`;
  if (candidateKind === 'package' && queryKind === 'package') return `same package as ${query}`;
  return `${refersToWords(candidateKind, query)}; ${referredByWords(queryKind, query)}`;
}

/** The noun of a chain of edges: "import" when every hop is a TS/JS import, else "reference". */
export function hopNoun(kinds: readonly EdgeKind[]): string {
  return kinds.every((k) => IMPORT_KINDS.has(k)) ? 'import' : 'reference';
}

/**
 * "1,234" — counts in progress messages read better grouped. Grouped by hand, as en-US would:
 * the first locale-aware format in a process loads ICU's number data, measured at 0.35 s on the
 * extension-host thread of a busy machine (the first progress message of a cold index), ~0.1 s idle;
 * the engine's partial-ranking note would pay it too.
 */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}
