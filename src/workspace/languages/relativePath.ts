/**
 * Paths written in web files (stylesheets, pages, documents, configs) -> workspace paths.
 *
 * Shared by the CSS, HTML, Markdown, JSON and component (`.vue`/`.svelte`/`.astro`) languages and
 * the TS/JS extras: each writes file paths relative to the file itself (`./a.css`, `../img/x.png`,
 * `b.html`) or to the site's root (`/favicon.png`), sometimes with a `?query` or `#fragment`, and
 * each accepts a short list of candidate files per path (a stylesheet partial, a folder's index page).
 */
import { dirOf, joinPath } from './resolving';
import type { WorkspaceView } from './language';

/** `https:`, `mailto:`, `data:`, `javascript:`, `sass:` ...; one-letter schemes are Windows drives, not URLs. */
const URL_SCHEME = /^[a-z][a-z0-9+.-]+:/i;

/**
 * Can this written path name a workspace file? Not a URL with a scheme, not protocol-relative
 * (`//host/x`), not a fragment of the same page (`#id`), not empty, not a template expression
 * (`{{ x }}`, `${x}`, `#{$x}`, `<%= x %>`).
 */
export function isLocalPath(written: string): boolean {
  const path = written.trim();
  if (path === '' || path.startsWith('#') || path.startsWith('?') || path.startsWith('//')) return false;
  if (URL_SCHEME.test(path)) return false;
  return !/[{}<>$]|^~/.test(path);
}

/** The path without `?query` and `#fragment` (`a.woff2?v=3#iefix` -> `a.woff2`). */
export function stripQueryAndHash(written: string): string {
  const cut = written.search(/[?#]/);
  return cut < 0 ? written : written.slice(0, cut);
}

/**
 * The last segment of a written path (`../guide/intro.html#top` -> `intro.html`, `./docs/` -> `docs`):
 * every file resolveLocalPath can answer with holds it in its path, whichever candidates the language
 * tries (`intro` -> intro.html, `docs` -> docs/index.html, `variables` -> _variables.scss). Undefined
 * when the path ends in no name (`/`, `..`).
 */
export function writtenName(written: string): string | undefined {
  const path = decodePath(stripQueryAndHash(written.trim())).replace(/[\\/]+$/, '');
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return name === '' || name === '.' || name === '..' ? undefined : name;
}

/** LanguageSupport.answerName of a language whose references are written paths: their last segment (writtenName). */
export function writtenNameOf(_from: string, reference: { readonly specifier: string }): string | undefined {
  return writtenName(reference.specifier);
}

/** Percent-escapes undone (`my%20notes.txt`), or the text itself when it is not valid escaping. */
export function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The folders a root-relative path (`/img/logo.png`) may start from, nearest first: the static
 * folders (`public/`, `static/`) of the file's folder and each folder above it, then the workspace
 * root. A site's root is rarely the workspace's, and these are where bundlers and site generators
 * serve `/` from.
 */
export function siteRoots(from: string): string[] {
  const roots: string[] = [];
  for (let dir = dirOf(from); ; dir = dirOf(dir)) {
    for (const served of STATIC_FOLDERS) roots.push(dir === '' ? served : `${dir}/${served}`);
    if (dir === '') break;
  }
  roots.push('');
  return roots;
}

/** Folders that bundlers (Vite, webpack's public path, SvelteKit, Astro, Next.js) serve at the site root. */
const STATIC_FOLDERS = ['public', 'static'];

/**
 * The first existing file among `candidates(base)` for each base the written path can mean: the
 * path joined onto the file's folder, or for a root-relative path each of `siteRoots(from)`.
 * Query, fragment and percent-escapes are removed first. Empty when nothing exists.
 */
export function resolveLocalPath(
  from: string,
  written: string,
  workspace: WorkspaceView,
  candidates: (base: string) => readonly string[] = (base) => [base],
): string[] {
  if (!isLocalPath(written)) return [];
  const path = decodePath(stripQueryAndHash(written.trim()));
  if (path === '' || path === '/') return [];
  // A static folder that does not exist holds no candidate: a root-relative link in a document three folders
  // deep asks for 7 site roots' 6 candidates each, most under folders no file is in (~4% of a 6k-file index).
  const bases = path.startsWith('/')
    ? siteRoots(from)
        .filter((root) => root === '' || workspace.hasDirectory(root))
        .map((root) => joinPath(root, path.slice(1)))
    : [joinPath(dirOf(from), path)];
  for (const base of bases) {
    if (base === undefined || base === '') continue;
    const found = candidates(base).find((candidate) => workspace.hasFile(candidate));
    if (found !== undefined) return [found];
  }
  return [];
}

/** The file itself, or when the path names a folder one of its index files (`docs/` -> `docs/index.html`). */
export function fileOrIndex(indexNames: readonly string[]): (base: string) => string[] {
  return (base) => [base, ...indexNames.map((name) => `${base}/${name}`)];
}
