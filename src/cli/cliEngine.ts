/**
 * Opening the engine from the terminal: which folder (--root, else the git work tree around the
 * current directory), which database (--db, else a per-root file in the user's cache directory —
 * never inside the user's repository), progress on stderr.
 */
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { OptionSpec } from './args';
import { Engine } from '../engine';
import type { Logger } from '../engineApi';
import { defaultDbPath } from '../store/defaultDbPath';

export const CLI_ENGINE_OPTIONS: Record<string, OptionSpec> = {
  root: { type: 'string', description: 'workspace folder (default: the git work tree around the file or current directory)' },
  db: { type: 'string', description: "database file (default: a per-folder file in the user's cache directory; 'none' keeps nothing)" },
  'no-history': { type: 'boolean', description: 'do not read git history' },
  'default-weights': {
    type: 'boolean',
    description: "rank with the default preset's weights even when weights tuned on this repository were adopted (tune --apply)",
  },
};

export interface CliTimings {
  index: number;
  history: number;
}

/** Logger for the terminal: warnings always reach stderr (at once, unless `warn` keeps them); info only when not quiet. */
export function stderrLogger(quiet: boolean, warn: (message: string) => void = (m) => void process.stderr.write(`warning: ${m}\n`)): Logger {
  return {
    info: (m) => void (quiet || process.stderr.write(`${m}\n`)),
    warn,
    error: (m) => void process.stderr.write(`error: ${m}\n`),
  };
}

/** What is wrong with a --root option, or undefined when it names a folder. */
export function rootProblem(rootOption: string): string | undefined {
  const root = resolve(rootOption);
  return existsSync(root) && statSync(root).isDirectory() ? undefined : `--root: '${rootOption}' is not a folder`;
}

export function chooseRoot(rootOption: unknown, hint?: string): string {
  if (typeof rootOption === 'string') {
    const problem = rootProblem(rootOption);
    if (problem !== undefined) throw new Error(problem);
    return resolve(rootOption);
  }
  const start = hint ? (existsSync(hint) && statSync(hint).isDirectory() ? hint : dirname(hint)) : process.cwd();
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: existsSync(start) ? start : process.cwd(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return process.cwd();
  }
}

export function chooseDb(dbOption: unknown, root: string): string | undefined {
  if (dbOption === 'none') return undefined;
  return typeof dbOption === 'string' ? resolve(dbOption) : defaultDbPath(root);
}

export async function openCliEngine(
  options: Record<string, unknown>,
  { quiet, warn }: { quiet: boolean; warn?: (message: string) => void },
): Promise<{ engine: Engine; root: string; timings: CliTimings }> {
  const root = chooseRoot(options.root);
  const log = stderrLogger(quiet, warn);
  const engine = await Engine.create({
    roots: [root],
    dbPath: chooseDb(options.db, root),
    historyEnabled: !options['no-history'],
    historyOffReason: options['no-history'] ? 'off (--no-history)' : undefined,
    workspaceWeights: !options['default-weights'],
    log,
  });
  const stats = await engine.index(
    quiet || !process.stderr.isTTY
      ? undefined
      : (p) => process.stderr.write(`\r${p.phase} ${p.done}/${p.total}`.padEnd(40) + (p.phase === 'done' ? '\n' : '')),
  );
  const index = stats.reduce((sum, s) => sum + s.ms, 0);
  const history = stats.reduce((sum, s) => sum + (s.historyMs ?? 0), 0);
  return { engine, root, timings: { index: Math.round(index), history: Math.round(history) } };
}
