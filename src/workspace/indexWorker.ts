/**
 * The index worker (bundled as dist/indexWorker.js): reads TS/JS files and extracts their imports
 * off the extension host's main thread. Reading and scanning are a large part of an index; running
 * them here keeps hovers, completions and other extensions responsive while a workspace indexes.
 * Other languages are read in the index's own thread (see BuildOptions.extractor).
 *
 * Protocol: the pool posts { id, root, paths }; the worker answers { id, files: ExtractedFile[] }.
 */
import { parentPort } from 'node:worker_threads';
import { DiskSourceHost } from './diskSourceHost';
import { readAndExtract } from './extractFile';
import type { ExtractedFile } from './workspaceIndex';

export interface ExtractRequest {
  readonly id: number;
  readonly root: string;
  readonly paths: readonly string[];
}

export interface ExtractResponse {
  readonly id: number;
  readonly files: readonly ExtractedFile[];
}

if (parentPort) {
  const port = parentPort;
  const hosts = new Map<string, DiskSourceHost>();
  port.on('message', (request: ExtractRequest) => {
    let host = hosts.get(request.root);
    if (!host) hosts.set(request.root, (host = new DiskSourceHost(request.root, { noGit: true })));
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
