/** The web languages' fixture workspace, read from disk, and its references as readable lines. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { languageOf } from '../../../../src/workspace/languages';
import type { LanguageSupport, ScannedReference, WorkspaceView } from '../../../../src/workspace/languages/language';

export const WEB_FIXTURE = resolve(__dirname, '../../../fixtures/languages/web');

/** A WorkspaceView over every file below `root`. */
export function diskWorkspace(root: string): WorkspaceView {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const rel = dir === '' ? name : `${dir}/${name}`;
      if (statSync(join(root, rel)).isDirectory()) walk(rel);
      else files.push(rel);
    }
  };
  walk('');
  files.sort();
  const fileSet = new Set(files);
  const dirOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
  return {
    hasFile: (rel) => fileSet.has(rel),
    hasDirectory: (rel) => files.some((f) => f.startsWith(`${rel}/`)),
    filesIn: (dir) => files.filter((f) => dirOf(f) === dir),
    allFiles: () => files,
    readFile: (rel) => (fileSet.has(rel) ? readFileSync(join(root, rel), 'utf8') : undefined),
  };
}

export function fixtureText(rel: string): string {
  return readFileSync(join(WEB_FIXTURE, rel), 'utf8');
}

/**
 * One line per reference of a fixture file, in the file's order: `kind -> target` for a resolved
 * file, `kind module specifier` for a TS/JS module specifier (the index resolves those), and
 * `kind unresolved specifier` for a path naming no workspace file.
 */
export function referenceLines(rel: string, references: readonly ScannedReference[], language: Pick<LanguageSupport, 'resolve'>): string[] {
  const workspace = diskWorkspace(WEB_FIXTURE);
  return references.map((r) => {
    if (r.module) return `${r.kind} module ${r.specifier}`;
    const targets = language.resolve(rel, r, workspace);
    return targets.length === 0 ? `${r.kind} unresolved ${r.specifier}` : `${r.kind} -> ${targets.join(', ')}`;
  });
}

/** The reference lines of a fixture file as its language (languageOf) reads it. */
export function fixtureEdges(rel: string): string[] {
  const language = languageOf(rel);
  if (!language) throw new Error(`no language reads ${rel}`);
  return referenceLines(rel, language.scan(fixtureText(rel), rel), language);
}
