/** Shared helpers for the language tests: a workspace view over a fixture folder and the edges a language reads in it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LanguageSupport, WorkspaceView } from '../../../../src/workspace/languages/language';
import { dirOf } from '../../../../src/workspace/languages/resolving';

export const LANGUAGE_FIXTURES = resolve(__dirname, '../../../fixtures/languages');

function listFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    return entry.isDirectory() ? listFiles(root, rel) : [rel];
  });
}

/** A WorkspaceView over the files of a folder (all of them, as the index would list them). */
export function folderWorkspace(root: string): WorkspaceView {
  const files = listFiles(root).sort();
  const fileSet = new Set(files);
  const dirs = new Set<string>(['']);
  for (const file of files) for (let d = dirOf(file); d !== ''; d = dirOf(d)) dirs.add(d);
  return {
    hasFile: (rel) => fileSet.has(rel),
    hasDirectory: (rel) => dirs.has(rel),
    filesIn: (dir) => files.filter((f) => dirOf(f) === dir),
    allFiles: () => files,
    readFile: (rel) => (fileSet.has(rel) ? readFileSync(join(root, rel), 'utf8') : undefined),
  };
}

/** Every edge the language reads in the fixture folder, as sorted "from -> to (kind)" lines. */
export function fixtureEdges(language: LanguageSupport, fixture: string): string[] {
  const workspace = folderWorkspace(join(LANGUAGE_FIXTURES, fixture));
  const edges = new Set<string>();
  for (const file of workspace.allFiles().filter((f) => language.matches(f)))
    for (const ref of language.scan(workspace.readFile(file) ?? '', file))
      for (const to of language.resolve(file, ref, workspace)) edges.add(`${file} -> ${to} (${ref.kind})`);
  return [...edges].sort();
}

/** The specifiers a scan finds, in order. */
export function specifiers(language: LanguageSupport, text: string, path = 'file'): string[] {
  return language.scan(text, path).map((r) => r.specifier);
}
