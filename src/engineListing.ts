/**
 * A cold start's listing, begun when the engine is made.
 *
 * A cold index's first step, the listing, is `git ls-files` in a process of its own and a stat of
 * every file. `Engine.create` starts each folder's listing at once, so git runs while the engine
 * answers 'ready' and the extension sends the index request; the build then takes that listing
 * instead of making its own. The new database opens after the first ranking (Store.later): the
 * cold index needs nothing from it. A warm start (the file exists) lists nothing ahead: it ranks
 * from the stored graph first.
 */
import { existsSync } from 'node:fs';
import { DiskSourceHost, type DiskSourceHostOptions } from './workspace/diskSourceHost';
import type { Discovery } from './workspace/sourceHost';

/** True when the engine's database holds nothing to start from (none kept, or no file yet): its first index is cold. */
export function startsCold(dbPath: string | undefined, exists: (path: string) => boolean = existsSync): boolean {
  return dbPath === undefined || !exists(dbPath);
}

/** A disk host whose first `listFiles` answer was started when the host was made; later calls list afresh. */
export class ListedAheadHost extends DiskSourceHost {
  private ahead: Promise<Discovery> | undefined;

  constructor(root: string, options: DiskSourceHostOptions = {}) {
    super(root, options);
    this.ahead = super.listFiles();
    // A failure is the build's to report when it takes the listing, not an unhandled rejection before that.
    this.ahead.catch(() => undefined);
  }

  override listFiles(): Promise<Discovery> {
    const ahead = this.ahead;
    this.ahead = undefined;
    return ahead ?? super.listFiles();
  }
}
