import * as assert from 'node:assert/strict';
import { exportSessions, SESSION_IDLE_GAP_MS, type RecordedActivityEvent } from '../../../src/memory/sessionExport';
import { parseSessionLog } from '../../../src/eval/sessions/sessionLog';

const T = Date.parse('2026-05-04T08:00:00Z');
const e = (sec: number, kind: RecordedActivityEvent['kind'], path: string): RecordedActivityEvent => ({ time: T + sec * 1000, kind, path });

describe('session export', () => {
  it('splits the activity stream at idle gaps and writes the replay format', () => {
    const gap = SESSION_IDLE_GAP_MS / 1000 + 1;
    const out = exportSessions(
      [
        e(0, 'view', 'src/a.ts'),
        e(10, 'edit', 'src/a.ts'),
        e(20, 'view', 'src/b.ts'),
        e(gap + 20, 'view', 'src/c.ts'),
        e(gap + 30, 'save', 'src/a.ts'),
      ],
      { repo: '/r', baseCommitAt: (t) => (t === T ? 'c1' : 'c2') },
    );
    assert.equal(out.sessions.length, 2);
    assert.deepEqual(
      out.sessions.map((s) => s.base_commit),
      ['c1', 'c2'],
    );
    assert.deepEqual(
      out.sessions[1].events.map((x) => [x.step, x.action, x.path]),
      [
        [0, 'view', 'src/c.ts'],
        [1, 'edit', 'src/a.ts'],
      ],
    );
    const parsed = parseSessionLog(out.text);
    assert.equal(parsed.malformedLines.length, 0);
    assert.deepEqual(
      parsed.sessions.map((s) => s.id),
      out.sessions.map((s) => s.id),
    );
    assert.equal(parsed.sessions[0].events[2].time, T + 20_000);
    assert.equal(parsed.sessions[0].repo, '/r');
  });

  it('keeps the first and last event of a run of one action on one file', () => {
    const typing = Array.from({ length: 50 }, (_, i) => e(10 + i, 'edit', 'a.ts'));
    const out = exportSessions([e(0, 'view', 'a.ts'), ...typing, e(100, 'view', 'b.ts')], { repo: '/r', baseCommitAt: () => 'c' });
    assert.deepEqual(
      out.sessions[0].events.map((x) => [x.action, Date.parse(x.time) - T]),
      [
        ['view', 0],
        ['edit', 10_000],
        ['edit', 59_000],
        ['view', 100_000],
      ],
    );
  });

  it('leaves out sessions without a base commit or with a single file, and counts them', () => {
    const gap = SESSION_IDLE_GAP_MS / 1000 + 1;
    const out = exportSessions([e(0, 'view', 'a.ts'), e(1, 'edit', 'a.ts'), e(gap + 5, 'view', 'a.ts'), e(gap + 6, 'view', 'b.ts')], {
      repo: '/r',
      baseCommitAt: () => undefined,
    });
    assert.equal(out.sessions.length, 0);
    assert.equal(out.tooShort, 1);
    assert.equal(out.withoutBase, 1);
    assert.equal(out.text, '');
  });

  it('puts the folder prefix in front of paths and honours since', () => {
    const out = exportSessions([e(0, 'view', 'old.ts'), e(100, 'view', 'a.ts'), e(101, 'view', 'b.ts')], {
      repo: '/r',
      baseCommitAt: () => 'c',
      pathPrefix: 'packages/app',
      since: T + 50_000,
    });
    assert.deepEqual(
      out.sessions[0].events.map((x) => x.path),
      ['packages/app/a.ts', 'packages/app/b.ts'],
    );
  });
});
