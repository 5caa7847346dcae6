/**
 * Parses `git log -z --name-status --format=%x01%H %ct %ae` output as it streams in.
 *
 * With -z every field ends in NUL: a commit starts with "\x01<sha> <time> <email>", then come
 * pairs (status, path), or triples (R<score>/C<score>, old path, new path) for renames and copies.
 * Paths arrive verbatim (no quoting), so any file name survives.
 */

/** Format string of the header line this parser reads. */
export const LOG_FORMAT = '%x01%H %ct %ae';

export interface RawChange {
  /** First letter of the status: A, M, D, T, R, C... */
  readonly status: string;
  readonly path: string;
  /** The path before a rename or copy. */
  readonly fromPath?: string;
}

export interface RawCommit {
  readonly sha: string;
  /** Committer time, epoch ms. */
  readonly time: number;
  readonly author: string;
  readonly changes: RawChange[];
}

const COMMIT_MARK = '\x01';

export class GitLogParser {
  private rest = '';
  private current: { sha: string; time: number; author: string; changes: RawChange[] } | undefined;
  private status: string | undefined;
  private fromPath: string | undefined;

  constructor(private readonly onCommit: (commit: RawCommit) => void) {}

  push(text: string): void {
    const fields = (this.rest + text).split('\0');
    this.rest = fields.pop() ?? '';
    for (const field of fields) this.field(field);
  }

  /** Call once the stream ended: emits the last commit. */
  end(): void {
    if (this.rest !== '') this.field(this.rest);
    this.rest = '';
    this.flush();
  }

  private field(raw: string): void {
    // Git puts a newline between the header and the first status; strip it wherever it lands.
    const field = raw.startsWith('\n') ? raw.slice(1) : raw;
    if (this.status === undefined && field.startsWith(COMMIT_MARK)) {
      this.flush();
      const [sha, time, ...author] = field.slice(1).split(' ');
      this.current = { sha, time: Number(time) * 1000, author: author.join(' ').trim(), changes: [] };
      return;
    }
    if (field === '') return;
    if (this.status === undefined) {
      this.status = field[0];
      return;
    }
    if ((this.status === 'R' || this.status === 'C') && this.fromPath === undefined) {
      this.fromPath = field;
      return;
    }
    this.current?.changes.push(
      this.fromPath === undefined ? { status: this.status, path: field } : { status: this.status, path: field, fromPath: this.fromPath },
    );
    this.status = undefined;
    this.fromPath = undefined;
  }

  private flush(): void {
    if (this.current) this.onCommit(this.current);
    this.current = undefined;
    this.status = undefined;
    this.fromPath = undefined;
  }
}
