/**
 * Paths handed in by agents (MCP, language-model tool) are untrusted: an agent may ask about
 * `../../etc/passwd`, an absolute path in another project, or a symlink inside the workspace
 * that points out of it. This module is the one gate: a path is accepted only when it names
 * something inside the root, both as written and after symlinks are resolved.
 *
 * Relative paths resolve against the root. `..` segments are refused outright, even when they
 * would land back inside the root, so the rule is easy to state and to test.
 */
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** Longer inputs are refused before touching the file system (no real path is this long). */
export const MAX_PATH_LENGTH = 4096;

export type SafePath = { readonly ok: true; readonly absolute: string; readonly relative: string } | { readonly ok: false; readonly reason: string };

/** True when `child` is `parent` or below it (both absolute and normalised). */
export function isWithin(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Resolve `input` (relative to `root`, or absolute) to a path inside `root`.
 * Returns the absolute path under `root` as given (not the symlink target, so it matches the
 * paths the engine indexed) and the root-relative path with '/' separators.
 */
export function resolveInsideRoot(root: string, input: unknown): SafePath {
  if (typeof input !== 'string' || input.trim() === '') return refuse('path is empty');
  if (input.length > MAX_PATH_LENGTH) return refuse(`path is longer than ${MAX_PATH_LENGTH} characters`);
  if (input.includes('\0')) return refuse('path contains a NUL character');
  // Split on both separators: on POSIX a backslash is a legal name character, but an agent
  // that writes `..\\secret` means a parent directory, and refusing it costs nothing.
  if (input.split(/[\\/]/).includes('..')) return refuse(`'..' is not allowed in paths: ${input}`);

  const absoluteRoot = resolve(root);
  const absolute = resolve(absoluteRoot, input);
  if (!isWithin(absoluteRoot, absolute)) return refuse(`path is outside the workspace root: ${input}`);
  const rel = relative(absoluteRoot, absolute);
  if (rel === '') return refuse('path names the workspace root, not a file in it');

  const realRoot = realPathOrSelf(absoluteRoot);
  const realTarget = realPathOfExistingPart(absolute);
  if (!isWithin(realRoot, realTarget)) return refuse(`path leaves the workspace root through a symbolic link: ${input}`);

  return { ok: true, absolute, relative: rel.split(sep).join('/') };
}

function refuse(reason: string): SafePath {
  return { ok: false, reason };
}

function realPathOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/**
 * The real path of `path`, or, when it does not exist (a deleted file, a typo), of its deepest
 * existing ancestor with the missing tail appended: a symlinked directory higher up still counts.
 */
function realPathOfExistingPart(path: string): string {
  let missing = '';
  let current = path;
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return missing ? resolve(real, missing) : real;
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      missing = missing ? `${relative(parent, current)}${sep}${missing}` : relative(parent, current);
      current = parent;
    }
  }
}

/**
 * Resolve an agent's path against several workspace folders: an absolute path belongs to the
 * folder that holds it; a relative one to the first folder where it exists (else the first
 * folder that accepts it, so a not-yet-created file still gets an answer with a note).
 */
export function resolveInWorkspace(
  roots: readonly string[],
  input: unknown,
  exists: (absolute: string) => boolean,
): (SafePath & { ok: true; root: string }) | { ok: false; reason: string } {
  if (roots.length === 0) return { ok: false, reason: 'no workspace folder is open' };
  let firstAccepted: (SafePath & { ok: true; root: string }) | undefined;
  let firstRefusal: string | undefined;
  for (const root of roots) {
    const safe = resolveInsideRoot(root, input);
    if (!safe.ok) {
      firstRefusal ??= safe.reason;
      continue;
    }
    const candidate = { ...safe, root };
    if (exists(safe.absolute)) return candidate;
    firstAccepted ??= candidate;
  }
  if (firstAccepted) return firstAccepted;
  return { ok: false, reason: roots.length === 1 ? firstRefusal! : `path is in none of the workspace folders: ${String(input)}` };
}
