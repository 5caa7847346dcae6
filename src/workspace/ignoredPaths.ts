/**
 * Which paths created after the listing the folder's ignore rules leave out, asked in bursts: a
 * build that writes its output, a checkout or an unpacked archive reports hundreds of files at
 * once, and each question costs a `git ls-files` process (SourceHost.ignored), so the paths asked
 * within one turn of the event loop go in one question.
 */
export class IgnoredPaths {
  private pending = new Map<string, ((ignored: boolean) => void)[]>();
  private scheduled = false;

  constructor(
    /** Of these paths, the ones left out (an empty set when that cannot be told: the path is then indexed). */
    private readonly check: (rels: readonly string[]) => Promise<ReadonlySet<string>>,
  ) {}

  isIgnored(rel: string): Promise<boolean> {
    return new Promise((resolve) => {
      const waiting = this.pending.get(rel);
      if (waiting) waiting.push(resolve);
      else this.pending.set(rel, [resolve]);
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    let ignored: ReadonlySet<string>;
    try {
      ignored = await this.check([...batch.keys()]);
    } catch {
      ignored = new Set();
    }
    for (const [rel, waiting] of batch) for (const resolve of waiting) resolve(ignored.has(rel));
  }
}
