/**
 * A WorkspaceView over a checkout on disk (the files `git ls-files` lists), for the language benches:
 * the same questions the index answers for the languages' resolvers, without building an index.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkspaceView } from '../src/workspace/languages/language';
import { dirOf } from '../src/workspace/languages/resolving';

export function diskWorkspace(root: string): WorkspaceView {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, maxBuffer: 1 << 28, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '')
    .sort();
  const fileSet = new Set(files);
  const dirs = new Map<string, string[]>();
  for (const file of files) {
    const dir = dirOf(file);
    const list = dirs.get(dir);
    if (list) list.push(file);
    else dirs.set(dir, [file]);
    for (let d = dirOf(dir); ; d = dirOf(d)) {
      if (!dirs.has(d)) dirs.set(d, []);
      if (d === '') break;
    }
  }
  return {
    hasFile: (rel) => fileSet.has(rel),
    hasDirectory: (rel) => dirs.has(rel),
    filesIn: (dir) => dirs.get(dir) ?? [],
    allFiles: () => files,
    readFile: (rel) => {
      if (!fileSet.has(rel)) return undefined;
      try {
        return readFileSync(join(root, rel), 'utf8');
      } catch {
        return undefined;
      }
    },
  };
}
