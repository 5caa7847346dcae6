/**
 * Replaces a file so that a reader (or a crash) sees either the old bytes or the new ones,
 * never a mix: write a temporary file beside it, flush it to disk, rename it over the target,
 * then flush the directory so the rename itself survives a power cut (best effort: not every
 * platform can fsync a directory).
 *
 * The file operations are injectable so a test can fail the write halfway.
 */
import * as fs from 'node:fs';
import { dirname } from 'node:path';

export interface WriteIo {
  openSync(path: string, flags: string): number;
  writeSync(fd: number, data: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
}

export const nodeWriteIo: WriteIo = fs;

/** The temporary name used while writing `path` (unique per process so two writers never share it). */
export function temporaryPathFor(path: string): string {
  return `${path}.tmp-${process.pid}`;
}

export function writeFileAtomic(path: string, data: Uint8Array, io: WriteIo = nodeWriteIo): void {
  const temporary = temporaryPathFor(path);
  let fd: number | undefined;
  try {
    fd = io.openSync(temporary, 'w');
    let written = 0;
    while (written < data.length) written += io.writeSync(fd, data, written, data.length - written);
    io.fsyncSync(fd);
    io.closeSync(fd);
    fd = undefined;
    io.renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) {
      try {
        io.closeSync(fd);
      } catch {
        // already failing; the original error is the one worth reporting
      }
    }
    try {
      io.unlinkSync(temporary);
    } catch {
      // nothing to clean up
    }
    throw error;
  }
  syncDirectory(dirname(path));
}

function syncDirectory(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Windows cannot open a directory for fsync; the rename is still atomic there.
  }
}
