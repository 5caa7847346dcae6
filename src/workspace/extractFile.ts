/**
 * Read one TS/JS file and extract its imports: the per-file work of the index worker. The
 * minified and generated-by-name checks happen before (on the listing), the size too when the
 * listing stat'ed; here: too large, vanished, unreadable, binary and generated (by their own say)
 * files, and the same references (imports and the TS extras) as the in-thread path.
 */
import { hashText } from './contentHash';
import type { ExtractedImport } from './extractImports';
import { scanReferences, TS_READER } from './fileReferences';
import { isGeneratedText, MAX_FILE_BYTES, type FileRead, type FileStat, type ListedFile, type SkipReason, type SourceHost } from './sourceHost';

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
  const read = readListed(host, { path: rel });
  if ('skip' in read) return { path: rel, skip: read.skip };
  const reason = textSkipReason(read.text);
  if (reason) return { path: rel, skip: reason };
  const { text, stat } = read;
  return {
    path: rel,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    hash: read.hash ?? hashText(text),
    imports: scanReferences(rel, text, TS_READER, undefined),
  };
}

/**
 * A listed file's text and stat: the listing's stat, or, for a file the listing did not stat, its own
 * taken just before the read (a change after it is newer than the record, and is read again). Else
 * why it stays out: too large, unreadable, gone, or a folder (undefined: a symlink git lists as a
 * file, which a listing that stats leaves out uncounted).
 */
export function readListed(host: SourceHost, file: ListedFile): { text: string; stat: FileStat; hash?: string } | { skip: SkipReason | undefined } {
  const listed = statOf(file);
  if (!listed) {
    const read = readWithStat(host, file.path);
    if (read?.text !== undefined) return { text: read.text, stat: read.stat, hash: read.hash };
    return read ? { skip: 'too-large' } : unread(host, file.path);
  }
  const text = host.readFile(file.path);
  if (text !== undefined) return { text, stat: listed };
  return unread(host, file.path);
}

/** The host's read with its stat from one opening, or a stat and then a read where it has none. */
function readWithStat(host: SourceHost, rel: string): FileRead | undefined {
  if (host.readWithStat) return host.readWithStat(rel, MAX_FILE_BYTES);
  const stat = host.stat(rel);
  if (!stat || stat.size > MAX_FILE_BYTES) return stat && { stat };
  const text = host.readFile(rel);
  return text === undefined ? undefined : { stat, text };
}

/** Why a listed file could not be read: unreadable when it is there, else gone, or a folder (undefined). */
function unread(host: SourceHost, rel: string): { skip: SkipReason | undefined } {
  if (host.stat(rel)) return { skip: 'unreadable' };
  return { skip: host.directoryExists(rel) ? undefined : 'missing' };
}

/** A listed file's stat, when the listing took one. */
export function statOf(file: ListedFile): FileStat | undefined {
  return file.size === undefined || file.mtimeMs === undefined ? undefined : { size: file.size, mtimeMs: file.mtimeMs };
}

/** Why a file's text keeps it out of the graph: a NUL (binary) or a generator's marker. */
export function textSkipReason(text: string): SkipReason | undefined {
  return isBinary(text) ? 'binary' : isGeneratedText(text) ? 'generated' : undefined;
}

export function isBinary(text: string): boolean {
  const probe = text.length > BINARY_PROBE_CHARS ? text.slice(0, BINARY_PROBE_CHARS) : text;
  return probe.includes('\0');
}
