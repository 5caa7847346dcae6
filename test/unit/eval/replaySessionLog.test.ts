import * as assert from 'node:assert/strict';
import { parseSessionLog, normaliseSessionPath, describeIssues } from '../../../src/eval/sessions/sessionLog';

const line = (o: unknown) => JSON.stringify(o);

describe('replay: session log', () => {
  it('parses sessions, sorts events by step and reads ISO times', () => {
    const log = parseSessionLog(
      line({
        id: 's1',
        repo: '/r',
        base_commit: 'abc',
        events: [
          { step: 1, action: 'edit', path: 'src/b.ts', time: '2026-01-01T10:01:00Z' },
          { step: 0, action: 'view', path: './src/a.ts', time: '2026-01-01T10:00:00Z' },
        ],
      }) + '\n\n',
    );
    assert.equal(log.malformedLines.length, 0);
    assert.equal(log.sessions.length, 1);
    const s = log.sessions[0];
    assert.equal(s.baseCommit, 'abc');
    assert.deepEqual(
      s.events.map((e) => e.path),
      ['src/a.ts', 'src/b.ts'],
    );
    assert.equal(s.events[0].time, Date.parse('2026-01-01T10:00:00Z'));
    assert.deepEqual(describeIssues(log), []);
  });

  it('counts malformed lines and goes on', () => {
    const text = [
      '{not json',
      '[1,2]',
      line({ id: 'x', events: [] }),
      line({ id: 'y', base_commit: 'c' }),
      line({ id: 'ok', base_commit: 'c', events: [] }),
    ].join('\n');
    const log = parseSessionLog(text);
    assert.deepEqual(
      log.sessions.map((s) => s.id),
      ['ok'],
    );
    assert.deepEqual(
      log.malformedLines.map((m) => m.line),
      [1, 2, 3, 4],
    );
    assert.match(log.malformedLines[2].reason, /base_commit/);
    assert.match(log.malformedLines[3].reason, /events/);
  });

  it('counts unknown actions, outside paths, unusable events and bad times per session', () => {
    const log = parseSessionLog(
      line({
        id: 's',
        repo: '/home/me/repo',
        base_commit: 'c',
        events: [
          { step: 0, action: 'open', path: 'a.ts' },
          { step: 1, action: 'view', path: '../secret.ts' },
          { step: 2, action: 'view', path: '/etc/passwd' },
          { step: 3, action: 'view', path: '/home/me/repo/src/in.ts' },
          { step: 4, action: 'view' },
          'junk',
          { step: 5, action: 'view', path: 'b.ts', time: 'yesterday' },
          { step: 6, action: 'search', path: 'login token' },
        ],
      }),
    );
    const s = log.sessions[0];
    assert.deepEqual(s.issues, { unknownActions: 1, outsidePaths: 2, badEvents: 2, badTimes: 1, missingAtBase: 0, baseMissing: false });
    assert.deepEqual(
      s.events.map((e) => [e.action, e.path]),
      [
        ['view', 'src/in.ts'],
        ['view', 'b.ts'],
        ['search', 'login token'],
      ],
    );
    assert.equal(s.events[1].time, undefined);
    assert.match(describeIssues(log)[0], /1 unknown action, 2 paths outside the repository, 2 unusable events, 1 unreadable time/);
  });

  it('keeps duplicate ids apart', () => {
    const log = parseSessionLog([line({ id: 'a', base_commit: 'c', events: [] }), line({ id: 'a', base_commit: 'd', events: [] })].join('\n'));
    assert.deepEqual(
      log.sessions.map((s) => s.id),
      ['a', 'a#2'],
    );
  });

  it('normalises paths and refuses ones that leave the repository', () => {
    assert.equal(normaliseSessionPath('src\\a.ts'), 'src/a.ts');
    assert.equal(normaliseSessionPath('src/x/../a.ts'), 'src/a.ts');
    assert.equal(normaliseSessionPath('../a.ts'), undefined);
    assert.equal(normaliseSessionPath('/abs/a.ts'), undefined);
    assert.equal(normaliseSessionPath('/abs/a.ts', '/abs'), 'a.ts');
    assert.equal(normaliseSessionPath('/abs2/a.ts', '/abs'), undefined);
    assert.equal(normaliseSessionPath('.'), undefined);
  });
});
