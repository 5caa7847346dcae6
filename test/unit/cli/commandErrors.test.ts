/**
 * Every command refuses bad input with a non-zero exit and one line on stderr (no help dump, no
 * stack), before doing any work: a missing file or folder, a malformed number, an unknown option,
 * an unreadable sessions file.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import { captureConsole } from '../consoleCapture';
import { run as rank } from '../../../src/cli/rankCommand';
import { run as index } from '../../../src/cli/indexCommand';
import { run as evaluate } from '../../../src/cli/evalCommand';
import { run as replay } from '../../../src/cli/replayCommand';
import { run as tune } from '../../../src/cli/tuneCommand';
import { run as report } from '../../../src/cli/reportCommand';
import { run as mcp } from '../../../src/cli/mcpCommand';

/** Each command's run(args), called directly (main loads them lazily, which the test runner cannot). */
const COMMANDS: Record<string, (args: string[]) => Promise<number>> = { rank, index, eval: evaluate, replay, tune, report, mcp };

async function capture(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const command = COMMANDS[argv[0]];
  const { result, out, err } = await captureConsole(() => (command ? command(argv.slice(1)) : main(argv)));
  return { code: result, out, err };
}

describe('CLI errors: non-zero exit, one line', function () {
  this.timeout(30_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rf-cli-'));
    writeFileSync(join(dir, 'a.ts'), 'export const a = 1;\n');
    // node_modules is never indexed, whatever languages the index reads.
    mkdirSync(join(dir, 'node_modules/pkg'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/pkg/index.ts'), 'export const pkg = 1;\n');
    mkdirSync(join(dir, 'inner'));
    writeFileSync(join(dir, 'garbled.jsonl'), '{"events": [\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const cases: { name: string; argv: (dir: string) => string[]; says: RegExp }[] = [
    {
      name: 'rank: a missing file',
      argv: (d) => ['rank', join(d, 'src/nope.ts'), '--root', d],
      says: /^related-files rank: .*src\/nope\.ts does not exist here or in .* \(--root\)$/,
    },
    {
      name: 'rank: a missing file, no --root',
      argv: (d) => ['rank', join(d, 'src/nope.ts')],
      says: /^related-files rank: .*src\/nope\.ts does not exist$/,
    },
    {
      name: 'rank: a file the index cannot rank',
      argv: (d) => ['rank', join(d, 'node_modules/pkg/index.ts'), '--root', d, '--db', 'none', '--no-history'],
      says: /^related-files rank: node_modules\/pkg\/index\.ts is not /,
    },
    { name: 'rank: a folder', argv: (d) => ['rank', d, '--root', d], says: /^related-files rank: .* is a folder; rank takes a file$/ },
    {
      name: 'rank: a bad number',
      argv: (d) => ['rank', join(d, 'a.ts'), '--limit', 'ten'],
      says: /^related-files rank: --limit takes a number, got 'ten'/,
    },
    {
      name: 'rank: a limit below 1',
      argv: (d) => ['rank', join(d, 'a.ts'), '--limit', '0'],
      says: /^related-files rank: --limit takes a number of at least 1/,
    },
    {
      name: 'rank: an unknown signal in --weights',
      argv: (d) => ['rank', join(d, 'a.ts'), '--root', d, '--db', 'none', '--weights', 'coChnage=1'],
      says: /^related-files rank: unknown signal 'coChnage'; valid signals: /,
    },
    {
      name: 'rank: a file outside --root',
      argv: (d) => ['rank', join(d, 'a.ts'), '--root', join(d, 'inner'), '--db', 'none'],
      says: /^related-files rank: .*a\.ts is outside .*inner \(--root\)$/,
    },
    {
      name: 'rank: a missing --root',
      argv: (d) => ['rank', join(d, 'a.ts'), '--root', join(d, 'gone')],
      says: /^related-files rank: --root: .* is not a folder$/,
    },
    {
      name: 'rank: a missing --root, the file named relative to it',
      argv: (d) => ['rank', 'a.ts', '--root', join(d, 'gone')],
      says: /^related-files rank: --root: .* is not a folder$/,
    },
    { name: 'index: a missing folder', argv: (d) => ['index', '--root', join(d, 'gone')], says: /^related-files index: .*gone does not exist$/ },
    { name: 'index: an unknown option', argv: () => ['index', '--rooot', '.'], says: /^related-files index: unknown option --rooot; known: --root/ },
    { name: 'eval: not a repository', argv: (d) => ['eval', '--repo', d], says: /^related-files eval: '.*' is not a git repository$/ },
    {
      name: 'eval: a fractional --commits',
      argv: (d) => ['eval', '--repo', d, '--commits', '2.5'],
      says: /^related-files eval: --commits takes a whole number/,
    },
    {
      name: 'eval: an unknown ranker',
      argv: (d) => ['eval', '--repo', d, '--rankers', 'best'],
      says: /^related-files eval: --rankers: unknown ranker 'best'/,
    },
    {
      name: 'replay: an unreadable sessions file',
      argv: (d) => ['replay', '--sessions', join(d, 'none.jsonl')],
      says: /^related-files replay: cannot read .*none\.jsonl: ENOENT$/,
    },
    {
      name: 'replay: a file with no session in it',
      argv: (d) => ['replay', '--sessions', join(d, 'garbled.jsonl')],
      says: /^related-files replay: no session to replay in .*garbled\.jsonl \(1 malformed line; line 1: not JSON /,
    },
    { name: 'replay: no --sessions', argv: () => ['replay'], says: /^related-files replay: --sessions FILE is required/ },
    {
      name: 'replay: a bad --mode',
      argv: (d) => ['replay', '--sessions', join(d, 'a.ts'), '--mode', 'all'],
      says: /^related-files replay: --mode: 'all'/,
    },
    {
      name: 'tune: an unreadable sessions file',
      argv: (d) => ['tune', '--sessions', join(d, 'none.jsonl')],
      says: /^related-files tune: cannot read .*none\.jsonl: ENOENT$/,
    },
    { name: 'tune: a bad number', argv: (d) => ['tune', '--repo', d, '--seed', 'x'], says: /^related-files tune: --seed takes a number, got 'x'/ },
    { name: 'report: a missing database', argv: (d) => ['report', '--db', join(d, 'none.db')], says: /^related-files report: no database at / },
    {
      name: "report: no database kept for the folder (mcp's and rank's)",
      argv: (d) => ['report', '--root', d],
      says: /^related-files report: no database at .*\.sqlite \(the one mcp and rank keep for .*; --db names another\)$/,
    },
    {
      name: 'report: --db and --root together',
      argv: (d) => ['report', '--db', join(d, 'none.db'), '--root', d],
      says: /^related-files report: --db and --root name two databases; give one/,
    },
    {
      name: 'report: a bad --days',
      argv: (d) => ['report', '--db', join(d, 'none.db'), '--days', '-1'],
      says: /^related-files report: --days takes a number of at least/,
    },
    { name: 'mcp: a missing --root', argv: (d) => ['mcp', '--root', join(d, 'gone')], says: /^related-files mcp: --root: .* is not a folder$/ },
    {
      name: 'mcp: a folder without --root',
      argv: (d) => ['mcp', d],
      says: /^related-files mcp: unexpected argument '.*' \(the folder goes after --root\)/,
    },
    {
      name: 'report: a folder without --root',
      argv: (d) => ['report', d],
      says: /^related-files report: unexpected argument '.*' \(the folder goes after --root\)/,
    },
    {
      name: 'replay: a sessions file without --sessions',
      argv: (d) => ['replay', join(d, 'sessions.jsonl')],
      says: /^related-files replay: unexpected argument '.*sessions\.jsonl' \(a sessions file goes after --sessions\)/,
    },
    { name: 'an unknown command', argv: () => ['rnak', 'a.ts'], says: /^related-files: unknown command 'rnak'; commands: rank, index/ },
  ];

  // The engine writes its database once it has indexed: none written means the input was refused first.
  for (const [what, extra] of [
    ['an unknown signal in --weights', ['--weights', 'coChnage=1']],
    ['a file outside --root', ['--root', 'inner']],
  ] as const) {
    it(`rank: ${what} is refused before the folder is indexed`, async () => {
      const db = join(dir, 'refused.db');
      const args = extra[0] === '--root' ? ['--root', join(dir, extra[1])] : ['--root', dir, ...extra];
      const { code } = await capture(['rank', join(dir, 'a.ts'), '--db', db, '--no-history', ...args]);
      assert.notEqual(code, 0);
      assert.equal(existsSync(db), false);
    });
  }

  it('rank: a path missing here is taken from --root, as the repository writes it', async () => {
    const { code, out } = await capture(['rank', 'a.ts', '--root', dir, '--db', 'none', '--no-history', '--json']);
    assert.equal(code, 0);
    assert.equal(JSON.parse(out).query, join(dir, 'a.ts'));
  });

  for (const c of cases) {
    it(c.name, async () => {
      const { code, out, err } = await capture(c.argv(dir));
      assert.notEqual(code, 0);
      assert.equal(out, '');
      const lines = err.split('\n').filter(Boolean);
      assert.equal(lines.length, 1, err);
      assert.match(lines[0], c.says);
      assert.doesNotMatch(err, /\n\s+at /);
    });
  }
});
