/**
 * A cold start's listing, begun when the engine is made.
 *
 * A cold index's first step, the listing, is `git ls-files` in a process of its own (no stat of
 * each file: a cold build stats each as it reads it). `Engine.create` starts each folder's listing
 * at once, so git runs while the engine answers 'ready' and the extension sends the index request;
 * the build then takes that listing instead of making its own. The new database opens after the
 * first ranking (Store.later): the cold index needs nothing from it. A warm start (the file exists)
 * lists nothing ahead: it ranks from the stored graph first.
 */
import { existsSync } from 'node:fs';
import { DiskSourceHost, type DiskSourceHostOptions } from './workspace/diskSourceHost';
import type { Discovery, ListOptions } from './workspace/sourceHost';

/** True when the engine's database holds nothing to start from (none kept, or no file yet): its first index is cold. */
export function startsCold(dbPath: string | undefined, exists: (path: string) => boolean = existsSync): boolean {
  return dbPath === undefined || !exists(dbPath);
}

/**
 * A disk host whose first listing of paths alone (`stat: false`, a cold build's) was started when the
 * host was made; later calls, and any that asks for stats, list afresh.
 */
export class ListedAheadHost extends DiskSourceHost {
  private ahead: Promise<Discovery> | undefined;

  constructor(root: string, options: DiskSourceHostOptions = {}) {
    super(root, options);
    this.ahead = super.listFiles({ stat: false });
    // A failure is the build's to report when it takes the listing, not an unhandled rejection before that.
    this.ahead.catch(() => undefined);
  }

  override listFiles(options: ListOptions = {}): Promise<Discovery> {
    const ahead = options.stat === false ? this.ahead : undefined;
    this.ahead = undefined;
    return ahead ?? super.listFiles(options);
  }
}
