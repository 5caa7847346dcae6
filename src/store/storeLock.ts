/**
 * Who may write a database file. sql.js keeps the whole database in memory and writes the file
 * whole, so two writers (the extension and `related-files mcp`, say) would silently overwrite each
 * other's changes. The first opener takes `<db>.lock` (pid + a random token); a later opener that
 * finds a live holder works read-only in memory and says so once. A lock whose process is gone is
 * stale and is taken over.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

export interface LockHolder {
  readonly pid: number;
  readonly token: string;
}

export type LockResult = { readonly acquired: true; readonly lock: StoreLock } | { readonly acquired: false; readonly holder: LockHolder };

export function lockPathFor(dbPath: string): string {
  return `${dbPath}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.token === 'string') return { pid: parsed.pid, token: parsed.token };
  } catch {
    // missing or unreadable: nobody holds it
  }
  return undefined;
}

export class StoreLock {
  private constructor(
    readonly path: string,
    readonly token: string,
  ) {}

  /** Takes the lock unless a live process (this one included, through another Store) holds it. */
  static acquire(dbPath: string): LockResult {
    const path = lockPathFor(dbPath);
    const token = randomBytes(8).toString('hex');
    const body = JSON.stringify({ pid: process.pid, token });
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(path, body, { flag: 'wx' });
        return { acquired: true, lock: new StoreLock(path, token) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(path);
      if (holder && isAlive(holder.pid)) return { acquired: false, holder };
      // Stale (its process died) or garbled: remove it and try once more; a racing opener that
      // wins the 'wx' create in between makes us the read-only one, which is correct.
      try {
        unlinkSync(path);
      } catch {
        // someone else removed it first
      }
    }
    const holder = readHolder(path);
    return { acquired: false, holder: holder ?? { pid: -1, token: '' } };
  }

  /** True while the lock file is still ours (not removed or taken over by hand). */
  held(): boolean {
    return readHolder(this.path)?.token === this.token;
  }

  release(): void {
    if (!this.held()) return;
    try {
      unlinkSync(this.path);
    } catch {
      // already gone
    }
  }
}
