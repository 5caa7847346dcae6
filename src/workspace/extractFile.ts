/**
 * Read one TS/JS file and extract its imports: the per-file work of the index worker. The
 * minified and generated-by-name checks happen before (on the listing), the size too when the
 * listing stat'ed; here: too large, vanished, unreadable, binary and generated (by their own say)
 * files, and the same references (imports and the TS extras) as the in-thread path.
 */
import { createHash } from 'node:crypto';
import type { ExtractedImport } from './extractImports';
import { scanReferences, TS_READER } from './fileReferences';
import { isGeneratedText, MAX_FILE_BYTES, type FileRead, type SkipReason, type SourceHost } from './sourceHost';

/** A NUL in the first 8 KB marks a binary file (the same test git uses). */
const BINARY_PROBE_CHARS = 8000;

/**
 * One file read and extracted, or why it was not (the index counts skips by reason; undefined: the
 * path is a folder, a symlink git lists as a file, which a listing that stats leaves out uncounted).
 */
export type ExtractedFile =
  | { readonly path: string; readonly size: number; readonly mtimeMs: number; readonly hash: string; readonly imports: readonly ExtractedImport[] }
  | { readonly path: string; readonly skip: SkipReason | undefined };

export function readAndExtract(host: SourceHost, rel: string): ExtractedFile {
  const read = statAndRead(host, rel);
  if (!read) return { path: rel, skip: unreadReason(host, rel) };
  const { text, size, mtimeMs } = read;
  if (text === undefined) return { path: rel, skip: size > MAX_FILE_BYTES ? 'too-large' : 'unreadable' };
  const reason = textSkipReason(text);
  if (reason) return { path: rel, skip: reason };
  return { path: rel, size, mtimeMs, hash: hashText(text), imports: scanReferences(rel, text, TS_READER, undefined) };
}

/** Why a listed file could not be read: it is there but unreadable, gone, or a folder (undefined). */
export function unreadReason(host: SourceHost, rel: string): SkipReason | undefined {
  if (host.stat(rel)) return 'unreadable';
  return host.directoryExists(rel) ? undefined : 'missing';
}

/**
 * A stat, then the text unless the file is too large; undefined when it is missing, no file or
 * unreadable. The stat comes first: a change after it is newer than the record, and is read again.
 */
export function statAndRead(host: SourceHost, rel: string): FileRead | undefined {
  const stat = host.stat(rel);
  if (!stat || stat.size > MAX_FILE_BYTES) return stat;
  const text = host.readFile(rel);
  return text === undefined ? undefined : { ...stat, text };
}

/** Why a file's text keeps it out of the graph: a NUL (binary) or a generator's marker. */
export function textSkipReason(text: string): SkipReason | undefined {
  return isBinary(text) ? 'binary' : isGeneratedText(text) ? 'generated' : undefined;
}

export function isBinary(text: string): boolean {
  const probe = text.length > BINARY_PROBE_CHARS ? text.slice(0, BINARY_PROBE_CHARS) : text;
  return probe.includes('\0');
}

/** Content hash for warm starts: equal hash = same imports, whatever the mtime says (git checkout touches mtimes). */
export function hashText(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}
