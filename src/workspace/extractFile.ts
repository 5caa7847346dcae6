/**
 * Read one TS/JS file and extract its imports: the per-file work of the index worker. The size,
 * minified and generated-by-name checks happen before (on the listing); here: vanished,
 * unreadable, binary and generated (by their own say) files, and the same references (imports and the
 * TS extras) as the in-thread path.
 */
import { createHash } from 'node:crypto';
import type { ExtractedImport } from './extractImports';
import { scanReferences, TS_READER } from './fileReferences';
import { isGeneratedText, type SkipReason, type SourceHost } from './sourceHost';

/** A NUL in the first 8 KB marks a binary file (the same test git uses). */
const BINARY_PROBE_CHARS = 8000;

/** One file read and extracted, or why it was not (the index counts skips by reason). */
export type ExtractedFile =
  | { readonly path: string; readonly size: number; readonly mtimeMs: number; readonly hash: string; readonly imports: readonly ExtractedImport[] }
  | { readonly path: string; readonly skip: SkipReason };

export function readAndExtract(host: SourceHost, rel: string): ExtractedFile {
  const stat = host.stat(rel);
  const text = stat ? host.readFile(rel) : undefined;
  if (!stat) return { path: rel, skip: 'missing' };
  if (text === undefined) return { path: rel, skip: 'unreadable' };
  const reason = textSkipReason(text);
  if (reason) return { path: rel, skip: reason };
  return { path: rel, size: stat.size, mtimeMs: stat.mtimeMs, hash: hashText(text), imports: scanReferences(rel, text, TS_READER, undefined) };
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
