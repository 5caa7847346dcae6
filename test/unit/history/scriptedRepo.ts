/** A git repository built by a test: commits with fixed times and authors, renames, branches. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const ME = 'me@example.com';
export const OTHER = 'other@example.com';
/** 2026-01-01T00:00:00Z: commit times are DAY steps after it. */
export const EPOCH = Date.UTC(2026, 0, 1);
export const DAY = 24 * 3600_000;

export class ScriptedRepo {
  readonly dir: string;
  private day = 0;

  constructor(options: { init?: boolean } = {}) {
    this.dir = mkdtempSync(join(tmpdir(), 'rf-git-'));
    if (options.init !== false) {
      this.git('init', '-q', '-b', 'main');
      this.git('config', 'user.email', ME);
      this.git('config', 'user.name', 'Me');
      this.git('config', 'commit.gpgsign', 'false');
    }
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, encoding: 'utf8', env: { ...process.env, ...this.dates() } });
  }

  private dates(): Record<string, string> {
    const when = new Date(EPOCH + this.day * DAY).toISOString();
    return { GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when };
  }

  write(path: string, text: string): void {
    mkdirSync(dirname(join(this.dir, path)), { recursive: true });
    writeFileSync(join(this.dir, path), text);
  }

  /** Writes files (path -> text), stages everything and commits as `author`, one day after the previous commit. */
  commit(message: string, files: Record<string, string> = {}, author = ME): string {
    for (const [path, text] of Object.entries(files)) this.write(path, text);
    this.day++;
    this.git('add', '-A');
    this.git('-c', `user.email=${author}`, 'commit', '-q', '--allow-empty', '-m', message);
    return this.head();
  }

  /** A pure rename (content unchanged), committed. */
  rename(from: string, to: string, message = `rename ${from}`): string {
    mkdirSync(dirname(join(this.dir, to)), { recursive: true });
    this.git('mv', from, to);
    this.day++;
    this.git('commit', '-q', '-m', message);
    return this.head();
  }

  head(): string {
    return this.git('rev-parse', 'HEAD').trim();
  }

  /** Epoch ms of the n-th commit made by commit()/rename(). */
  static timeOf(n: number): number {
    return Math.floor((EPOCH + n * DAY) / 1000) * 1000;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
