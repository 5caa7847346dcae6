/**
 * How a ranked path is shown: file name as the label, its folder (relative to the workspace
 * folder, prefixed by the folder name in multi-root workspaces) and score as the description.
 */
import { formatScore } from './scoreTable';

export function fileName(relativePath: string): string {
  const slash = relativePath.lastIndexOf('/');
  return slash < 0 ? relativePath : relativePath.slice(slash + 1);
}

/** File names that say little without their folder: a package's or a module folder's own file. */
const FOLDER_FILE = /^(?:__init__\.py|__main__\.py|index\.[^.]+|mod\.rs)$/;

/** The file name, with its folder's name for a package's own file: `fastapi/__init__.py`, `auth/index.ts`. */
export function namedWithFolder(path: string): string {
  const parts = path.split(/[\\/]/).filter((part) => part !== '');
  const name = parts.at(-1) ?? path;
  return FOLDER_FILE.test(name) && parts.length > 1 ? `${parts.at(-2)}/${name}` : name;
}

export function folderOf(relativePath: string): string {
  const slash = relativePath.lastIndexOf('/');
  return slash < 0 ? '' : relativePath.slice(0, slash);
}

/** "src/auth · 0.612"; in a multi-root workspace "api: src/auth · 0.612". */
export function describeLocation(relativePath: string, score: number, rootName?: string): string {
  const folder = folderOf(relativePath);
  const where = rootName ? (folder ? `${rootName}: ${folder}` : rootName) : folder;
  return where ? `${where} · ${formatScore(score)}` : formatScore(score);
}
