/**
 * Blob contents from one long-lived `git cat-file --batch` process: one process for a whole eval
 * run instead of one per file, and answers cached by object id so a file unchanged across
 * sampled commits is read once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

interface Pending {
  readonly oid: string;
  resolve(content: Buffer | undefined): void;
  reject(error: Error): void;
}

export class GitObjectReader {
  private readonly process: ChildProcessWithoutNullStreams;
  private readonly pending: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;
  private failure: Error | undefined;
  private readonly cache = new Map<string, Buffer | undefined>();
  private readonly inFlight = new Map<string, Promise<Buffer | undefined>>();
  /** Objects actually read from git (not from the cache): for the run's summary line. */
  reads = 0;

  constructor(repo: string) {
    this.process = spawn('git', ['-C', repo, 'cat-file', '--batch'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.process.stderr.on('data', () => undefined);
    this.process.on('error', (error) => this.fail(error));
    this.process.on('close', (code) => this.fail(new Error(`git cat-file exited (${code})`)));
    this.process.stdin.on('error', (error) => this.fail(error));
  }

  /** The blob's bytes, or undefined when the object does not exist. */
  read(oid: string): Promise<Buffer | undefined> {
    if (this.cache.has(oid)) return Promise.resolve(this.cache.get(oid));
    const running = this.inFlight.get(oid);
    if (running) return running;
    if (this.failure) return Promise.reject(this.failure);
    const promise = new Promise<Buffer | undefined>((resolve, reject) => {
      this.pending.push({ oid, resolve, reject });
      this.process.stdin.write(`${oid}\n`);
    }).then((content) => {
      this.inFlight.delete(oid);
      this.cache.set(oid, content);
      this.reads++;
      return content;
    });
    this.inFlight.set(oid, promise);
    return promise;
  }

  /** The cached bytes of an object already read (sync access for hosts that prefetched). */
  cached(oid: string): Buffer | undefined {
    return this.cache.get(oid);
  }

  /** Forget cached contents (callers that keep their own derived cache free memory with this). */
  forget(oid: string): void {
    this.cache.delete(oid);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.process.stdin.end();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const p of this.pending.splice(0)) p.reject(this.closed ? new Error('object reader closed') : error);
  }

  /** Parses "<oid> <type> <size>\n<content>\n" or "<oid> missing\n" records in order. */
  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    while (this.pending.length > 0) {
      const newline = this.buffer.indexOf(10);
      if (newline < 0) return;
      const header = this.buffer.subarray(0, newline).toString('utf8');
      const parts = header.split(' ');
      if (parts[1] === 'missing' || parts.length < 3) {
        this.buffer = this.buffer.subarray(newline + 1);
        this.pending.shift()!.resolve(undefined);
        continue;
      }
      const size = Number(parts[2]);
      const end = newline + 1 + size;
      if (this.buffer.length < end + 1) return;
      const content = Buffer.from(this.buffer.subarray(newline + 1, end));
      this.buffer = this.buffer.subarray(end + 1);
      this.pending.shift()!.resolve(content);
    }
  }
}
