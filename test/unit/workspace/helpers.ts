/** Shared helpers for the workspace tests: build an index on a folder and read its edges. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DiskSourceHost, type DiskSourceHostOptions } from '../../../src/workspace/diskSourceHost';
import type { SourceHost } from '../../../src/workspace/sourceHost';
import { WorkspaceIndex, type BuildOptions } from '../../../src/workspace/workspaceIndex';

export const FIXTURES = resolve(__dirname, '../../fixtures');

export async function indexOf(
  rootOrHost: string | SourceHost,
  options: DiskSourceHostOptions = { noGit: true },
  build: BuildOptions = {},
): Promise<{ index: WorkspaceIndex; warnings: string[] }> {
  const host = typeof rootOrHost === 'string' ? new DiskSourceHost(rootOrHost, options) : rootOrHost;
  const warnings: string[] = [];
  const index = new WorkspaceIndex(host, (m) => warnings.push(m));
  await index.build(build);
  return { index, warnings };
}

/** "from -> to" for every edge. */
export function edges(index: WorkspaceIndex): string[] {
  const g = index.graph;
  const out: string[] = [];
  for (const id of g.fileIds()) for (const e of g.outgoingEdges(id)) out.push(`${g.pathOf(id)} -> ${e.to}`);
  return out.sort();
}

/** "from specifier outcome" for every import that is not an edge. */
export function loose(index: WorkspaceIndex): string[] {
  const out: string[] = [];
  for (const r of index.records()) for (const l of r.loose ?? []) out.push(`${r.path} ${l.specifier} ${l.outcome}`);
  return out.sort();
}

export function edgeKind(index: WorkspaceIndex, from: string, to: string): string | undefined {
  const g = index.graph;
  const a = g.idOf(from);
  const b = g.idOf(to);
  return a === undefined || b === undefined ? undefined : g.edgeBetween(a, b)?.kind;
}

/** A writable copy of a fixture in a temp folder (for tests that change files). */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `rf-${name}-`));
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

/** A folder in the temp dir holding these files (path -> text). */
export function tempWorkspace(files: Record<string, string>, prefix = 'rf-ws-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** tempWorkspace for the tests of one describe block: the folders it makes are removed after them. */
export function tempWorkspaces(prefix: string): (files: Record<string, string>) => string {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return (files) => {
    const dir = tempWorkspace(files, prefix);
    dirs.push(dir);
    return dir;
  };
}
