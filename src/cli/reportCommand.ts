/**
 * `related-files report [--db PATH | --root DIR]`: the online hit rate (hit@5, hit@10 of the file opened
 * next) over the last days, as Markdown, from the database the extension (or `related-files mcp`) writes:
 * the view's rankings, then the agents' answers and the first file read after each. Without --db, the
 * database `related-files mcp` and `rank` keep for the folder (the user's cache directory).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { commandUsage, type OptionSpec } from './args';
import { Store } from '../store/database';
import { rankingReport, reportMarkdown, DEFAULT_REPORT_DAYS, DAY_MS } from '../eval/rankingReport';
import { chooseRoot, stderrLogger } from './cliEngine';
import { defaultDbPath } from '../store/defaultDbPath';

const OPTIONS: Record<string, OptionSpec> = {
  db: { type: 'string', description: "a database file: the extension's, or any `--db` given to mcp or rank" },
  root: {
    type: 'string',
    description: 'without --db: the folder whose database mcp and rank keep (default: the git work tree around the current directory)',
  },
  days: { type: 'number', min: 0.001, description: `how many days back (default ${DEFAULT_REPORT_DAYS})` },
  json: {
    type: 'boolean',
    description: 'print the figures as JSON (the view: counts; agents: answers, followed, hit5, hit10, mrr, perDay, perPreset)',
  },
  help: { type: 'boolean', description: 'show this help' },
};

const USAGE = 'related-files report [--db PATH | --root DIR] [--days 14] [--json]';

const usage = commandUsage('report', USAGE, OPTIONS);

export function run(args: string[]): Promise<number> {
  return usage.guard(() => report(args));
}

async function report(args: string[]): Promise<number> {
  const parsed = usage.parse(args, 'the folder goes after --root');
  if (typeof parsed === 'number') return parsed;
  const options: Record<string, unknown> = parsed.options;
  if (typeof options.db === 'string' && options.root !== undefined) return usage.error('--db and --root name two databases; give one');
  const days = Number(options.days ?? DEFAULT_REPORT_DAYS);
  const root = typeof options.db === 'string' ? undefined : chooseRoot(options.root);
  const path = root === undefined ? resolve(options.db as string) : defaultDbPath(root);
  if (!existsSync(path))
    return usage.fail(`no database at ${path}${root === undefined ? '' : ` (the one mcp and rank keep for ${root}; --db names another)`}`);
  const store = await Store.open(path, stderrLogger(true));
  try {
    const now = Date.now();
    const since = now - days * DAY_MS;
    const report = rankingReport(store.rankingLog(since), now, days, store.agentLog(since), store.allWorkspaceWeights());
    console.log(options.json ? JSON.stringify(report, null, 2) : reportMarkdown(report));
    return 0;
  } finally {
    await store.close();
  }
}
