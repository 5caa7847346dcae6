import * as assert from 'node:assert/strict';
import { GitLogParser, type RawCommit } from '../../../src/history/gitLogParser';
import { CurrentNames } from '../../../src/history/currentNames';

function parse(text: string, chunk: number): RawCommit[] {
  const commits: RawCommit[] = [];
  const parser = new GitLogParser((c) => commits.push(c));
  for (let i = 0; i < text.length; i += chunk) parser.push(text.slice(i, i + chunk));
  parser.end();
  return commits;
}

const OUTPUT =
  '\x01bbb 200 me@x\0\nR100\0old name.ts\0new\tname.ts\0M\0y.ts\0' +
  '\x01ccc 150 you@x\0' + // an empty commit
  '\x01aaa 100 me@x\0\nA\0old name.ts\0A\0y.ts\0D\0gone.ts\0';

describe('history: GitLogParser', () => {
  it('reads commits, statuses and renames whatever the chunk boundaries', () => {
    const expected: RawCommit[] = [
      {
        sha: 'bbb',
        time: 200_000,
        author: 'me@x',
        changes: [
          { status: 'R', fromPath: 'old name.ts', path: 'new\tname.ts' },
          { status: 'M', path: 'y.ts' },
        ],
      },
      { sha: 'ccc', time: 150_000, author: 'you@x', changes: [] },
      {
        sha: 'aaa',
        time: 100_000,
        author: 'me@x',
        changes: [
          { status: 'A', path: 'old name.ts' },
          { status: 'A', path: 'y.ts' },
          { status: 'D', path: 'gone.ts' },
        ],
      },
    ];
    for (const chunk of [1, 3, 7, 1000]) assert.deepEqual(parse(OUTPUT, chunk), expected, `chunk ${chunk}`);
  });
});

describe('history: CurrentNames', () => {
  it('maps older paths to current names through rename chains, and keeps a reused path apart', () => {
    const names = new CurrentNames();
    const c = (changes: RawCommit['changes']): RawCommit => ({ sha: 's', time: 0, author: '', changes });
    // newest first: a.ts created again (unrelated file), then b -> c, then a -> b, then a created.
    assert.deepEqual(names.filesOf(c([{ status: 'A', path: 'a.ts' }])), ['a.ts']);
    assert.deepEqual(names.filesOf(c([{ status: 'R', fromPath: 'b.ts', path: 'c.ts' }])), ['c.ts']);
    assert.deepEqual(names.filesOf(c([{ status: 'R', fromPath: 'a.ts', path: 'b.ts' }])), ['c.ts']);
    assert.deepEqual(
      names.filesOf(
        c([
          { status: 'A', path: 'a.ts' },
          { status: 'M', path: 'z.ts' },
        ]),
      ),
      ['c.ts', 'z.ts'],
    );
    assert.deepEqual(
      [...names.renames()],
      [
        ['b.ts', 'c.ts'],
        ['a.ts', 'c.ts'],
      ],
    );
  });
});
