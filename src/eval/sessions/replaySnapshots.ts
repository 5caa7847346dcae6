/**
 * BaseSnapshots from git: the repository as at a session's base commit, read from git objects
 * like `eval` (nothing checked out; bare repositories work), and the commits strictly before it.
 *
 * Reuses the eval's pieces: RepoSnapshot (the product's index over a commit's tree, moved
 * incrementally), the one-pass commit log and HistoryWalk. One repository is open at a time; the
 * replay visits sessions grouped by repository and in log order, so each repository's log is read
 * once and the snapshot only re-indexes what changed between consecutive base commits.
 */
import type { BaseSnapshot, BaseSnapshots } from './replayRun';
import { readCommitLog, type LoggedCommit } from '../../tuning/git/commitLog';
import { HistoryWalk } from '../../tuning/git/historyAtCommit';
import { RepoSnapshot } from '../../tuning/git/repoSnapshot';
import { runGit, isGitRepository } from '../../tuning/git/gitCommand';

interface OpenRepo {
  readonly repo: string;
  readonly snapshot: RepoSnapshot;
  /** Commit logs by their tip: HEAD's, plus one per base commit that HEAD does not reach. */
  readonly logs: Map<string, { log: readonly LoggedCommit[]; index: Map<string, number>; walk: HistoryWalk }>;
  /** The user whose commits count as "mine" (authorCoChange): the repository's configured user. */
  readonly author: string;
}

export class GitBaseSnapshots implements BaseSnapshots {
  private open: OpenRepo | undefined;
  /** Full hashes of the commits asked about, per repository (undefined = not a commit there). */
  private readonly resolved = new Map<string, string | undefined>();
  private readonly repositories = new Map<string, boolean>();
  private readonly times = new Map<string, Promise<ReadonlyMap<string, number>>>();

  constructor(private readonly log?: (line: string) => void) {}

  async commitOrder(repo: string, commit: string): Promise<number | undefined> {
    const hash = await this.resolve(repo, commit);
    return hash === undefined ? undefined : this.commitTime(repo, hash);
  }

  /** Commit time of a full hash, epoch ms: from HEAD's log when it has it (merges included), else from git. */
  private async commitTime(repo: string, hash: string): Promise<number | undefined> {
    // One `git log` of HEAD answers for most sessions; a git process per session would cost more than the ordering saves.
    const known = (await this.headTimes(repo)).get(hash);
    if (known !== undefined) return known;
    const time = await runGit(repo, ['show', '-s', '--format=%ct', hash]).catch(() => '');
    const seconds = Number(time.trim());
    return Number.isFinite(seconds) && time.trim() !== '' ? seconds * 1000 : undefined;
  }

  async at(repo: string, commit: string): Promise<BaseSnapshot | string> {
    if (!(await this.isRepository(repo))) return `${repo} is not a git repository`;
    const hash = await this.resolve(repo, commit);
    if (hash === undefined) return `base commit ${commit} is not in ${repo}`;
    const open = await this.openRepo(repo);
    const history = await this.historyOf(open, hash);
    if (history === undefined) return `cannot read the history of ${commit} in ${repo}`;
    await open.snapshot.moveTo(hash);
    const snapshot = open.snapshot;
    return {
      graph: snapshot.graph,
      content: snapshot.content,
      tree: { has: (path: string) => snapshot.exists(path) },
      time: history.time,
      history: history.facts,
    };
  }

  /** Commit time by full hash for every commit HEAD reaches (empty when the repository cannot be read). */
  private headTimes(repo: string): Promise<ReadonlyMap<string, number>> {
    let times = this.times.get(repo);
    if (!times) {
      times = runGit(repo, ['log', '--format=%H %ct', 'HEAD'])
        .then(
          (out) =>
            new Map(
              out
                .split('\n')
                .filter(Boolean)
                .map((line) => [line.slice(0, line.indexOf(' ')), Number(line.slice(line.indexOf(' ') + 1)) * 1000] as const),
            ),
        )
        .catch(() => new Map<string, number>());
      this.times.set(repo, times);
    }
    return times;
  }

  close(): void {
    this.open?.snapshot.close();
    this.open = undefined;
  }

  private async isRepository(repo: string): Promise<boolean> {
    let known = this.repositories.get(repo);
    if (known === undefined) {
      known = await isGitRepository(repo);
      this.repositories.set(repo, known);
    }
    return known;
  }

  private async resolve(repo: string, commit: string): Promise<string | undefined> {
    const key = `${repo}\u0000${commit}`;
    if (this.resolved.has(key)) return this.resolved.get(key);
    let hash: string | undefined;
    if (/^[0-9a-f]{40}$/.test(commit) && (await this.headTimes(repo)).has(commit)) hash = commit;
    else if (await this.isRepository(repo)) {
      // Anything that is not a hash-like or ref-like word is refused before git sees it.
      if (/^[\w./@^~-]+$/.test(commit) && !commit.startsWith('-')) {
        hash = (await runGit(repo, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).catch(() => '')).trim() || undefined;
      }
    }
    this.resolved.set(key, hash);
    return hash;
  }

  private async openRepo(repo: string): Promise<OpenRepo> {
    if (this.open?.repo === repo) return this.open;
    this.close();
    const snapshot = await RepoSnapshot.open(repo, this.log);
    const author = (await runGit(repo, ['config', 'user.email']).catch(() => '')).trim();
    this.open = { repo, snapshot, logs: new Map(), author };
    return this.open;
  }

  /**
   * History strictly before `hash`, from HEAD's log when HEAD reaches it, else from the commit's own
   * log. The logs leave merges out, so a merge commit is never in one: its history is the whole log
   * read from it (every commit it reaches), and its time comes from git.
   */
  private async historyOf(open: OpenRepo, hash: string): Promise<{ time: number; facts: BaseSnapshot['history'] } | undefined> {
    let entry = [...open.logs.values()].find((l) => l.index.has(hash)) ?? open.logs.get(hash);
    if (!entry) {
      const tip = open.logs.size === 0 ? 'HEAD' : hash;
      entry = await this.readLog(open, tip);
      if (!entry.index.has(hash)) entry = open.logs.get(hash) ?? (await this.readLog(open, hash));
    }
    const logged = entry.index.get(hash);
    const at = logged ?? entry.log.length;
    const time = logged !== undefined ? entry.log[logged].time : await this.commitTime(open.repo, hash);
    if (time === undefined) return undefined;
    // Sessions arrive in commit-time order, which can disagree with the log's topological order:
    // a walk cannot go back, so start a new one when needed.
    const { history } = safeBefore(entry, at, open.author);
    return { time, facts: history };
  }

  private async readLog(open: OpenRepo, tip: string) {
    const log = await readCommitLog(open.repo, tip);
    const index = new Map(log.map((c, i) => [c.hash, i]));
    const entry = { log, index, walk: new HistoryWalk(log) };
    open.logs.set(tip, entry);
    return entry;
  }
}

function safeBefore(entry: { log: readonly LoggedCommit[]; walk: HistoryWalk }, index: number, author: string) {
  try {
    return entry.walk.before(index, author);
  } catch {
    entry.walk = new HistoryWalk(entry.log);
    return entry.walk.before(index, author);
  }
}
