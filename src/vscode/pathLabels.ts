/**
 * How a ranked path is shown: file name as the label, its folder (relative to the workspace
 * folder, prefixed by the folder name in multi-root workspaces) and score as the description.
 */
import { formatScore } from './scoreTable';

export function fileName(relativePath: string): string {
  const slash = relativePath.lastIndexOf('/');
  return slash < 0 ? relativePath : relativePath.slice(slash + 1);
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
