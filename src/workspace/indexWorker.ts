/**
 * The index worker (bundled as dist/indexWorker.js): reads files off the engine's main thread.
 * Reading and scanning are a large part of an index; running them here keeps the thread that
 * answers rankings responsive while a workspace indexes, and uses a second core.
 *
 * Two requests, answered in the order they came:
 * - extract { id, root, paths }: TS/JS files read and their imports extracted -> { id, files }.
 *   Other languages are read in the index's own thread (see BuildOptions.extractor).
 * - terms { id, root, paths, session }: any files read and their words counted (content terms) ->
 *   { id, paths, terms }, the files that had words and their terms packed (PackedTerms). One reader
 *   serves the requests of a session (a build), so each distinct identifier is split once, and its
 *   table's new terms go out once; a new session starts a new reader.
 */
import { parentPort } from 'node:worker_threads';
import { TermPacker, TermReader, TermTable, type FileTerms, type PackedTerms } from '../core/contentTerms';
import { DiskSourceHost } from './diskSourceHost';
import { readAndExtract, textSkipReason } from './extractFile';
import type { ExtractedFile } from './workspaceIndex';

export interface ExtractRequest {
  readonly id: number;
  readonly kind?: 'extract';
  readonly root: string;
  readonly paths: readonly string[];
}

export interface TermsRequest {
  readonly id: number;
  readonly kind: 'terms';
  readonly root: string;
  readonly paths: readonly string[];
  readonly session: number;
}

export type WorkerRequest = ExtractRequest | TermsRequest;

export interface ExtractResponse {
  readonly id: number;
  readonly files: readonly ExtractedFile[];
}

export interface TermsResponse {
  readonly id: number;
  /** The requested files that had text to read (not missing, unreadable, binary or generated), in order... */
  readonly paths: readonly string[];
  /** ...and their terms. */
  readonly terms: PackedTerms;
}

export type WorkerResponse = ExtractResponse | TermsResponse;

/** The reader of one session's files, and what of its table went out already. */
interface TermsSession {
  readonly id: number;
  readonly reader: TermReader;
  readonly packer: TermPacker;
}

/** The words of `paths`, read by the session's reader. */
export function readTerms(host: DiskSourceHost, paths: readonly string[], session: TermsSession): Omit<TermsResponse, 'id'> {
  const read: string[] = [];
  const files: FileTerms[] = [];
  for (const path of paths) {
    const text = host.readFile(path);
    if (text === undefined || textSkipReason(text) !== undefined) continue;
    read.push(path);
    files.push(session.reader.read(text));
  }
  return { paths: read, terms: session.packer.pack(files) };
}

export function newTermsSession(id: number): TermsSession {
  const table = new TermTable();
  return { id, reader: new TermReader(table), packer: new TermPacker(table) };
}

if (parentPort) {
  const port = parentPort;
  const hosts = new Map<string, DiskSourceHost>();
  let session: TermsSession | undefined;
  port.on('message', (request: WorkerRequest) => {
    let host = hosts.get(request.root);
    if (!host) hosts.set(request.root, (host = new DiskSourceHost(request.root, { noGit: true })));
    if (request.kind === 'terms') {
      if (session?.id !== request.session) session = newTermsSession(request.session);
      const { paths, terms } = readTerms(host, request.paths, session);
      const buffers = [terms.ends, terms.ids, terms.counts, terms.displayEnds, terms.displayIds].map((a) => a.buffer as ArrayBuffer);
      port.postMessage({ id: request.id, paths, terms } satisfies TermsResponse, buffers);
      return;
    }
    const files: ExtractedFile[] = [];
    for (const path of request.paths) {
      try {
        files.push(readAndExtract(host, path));
      } catch {
        files.push({ path, skip: 'unreadable' });
      }
    }
    port.postMessage({ id: request.id, files } satisfies ExtractResponse);
  });
}
