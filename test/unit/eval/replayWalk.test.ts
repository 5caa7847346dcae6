import * as assert from 'node:assert/strict';
import { walkSession, SYNTHETIC_EVENT_GAP_MS } from '../../../src/eval/sessions/replaySessions';
import type { SessionEvent } from '../../../src/eval/sessions/sessionLog';

const ev = (step: number, action: SessionEvent['action'], path: string, time?: number): SessionEvent => ({ step, action, path, time });
const exists = (files: string[]) => (p: string) => files.includes(p);

describe('replay: walking a session', () => {
  const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts'];

  it('collapses repeats, skips searches, created and missing files', () => {
    const walk = walkSession(
      {
        id: 's',
        events: [
          ev(0, 'view', 'a.ts'),
          ev(1, 'edit', 'a.ts'),
          ev(2, 'search', 'token'),
          ev(3, 'view', 'a.ts'),
          ev(4, 'create', 'new.ts'),
          ev(5, 'edit', 'new.ts'),
          ev(6, 'view', 'gone.ts'),
          ev(7, 'view', 'b.ts'),
        ],
      },
      exists(files),
      1000,
    );
    assert.deepEqual(
      walk.visits.map((v) => v.path),
      ['a.ts', 'b.ts'],
    );
    assert.deepEqual(walk.created, ['new.ts']);
    assert.deepEqual(walk.missingAtBase, ['gone.ts']);
    assert.equal(walk.timed, false);
  });

  it('new-file moves exclude every file seen so far; switches include returns', () => {
    const walk = walkSession({ id: 's', events: ['a.ts', 'b.ts', 'a.ts', 'c.ts', 'b.ts', 'd.ts'].map((p, i) => ev(i, 'view', p)) }, exists(files), 0);
    const moves = walk.moments.filter((m) => m.mode === 'new');
    assert.deepEqual(
      moves.map((m) => [m.queryFile, m.target]),
      [
        ['a.ts', 'b.ts'],
        ['a.ts', 'c.ts'],
        ['b.ts', 'd.ts'],
      ],
    );
    assert.deepEqual([...moves[1].excluded].sort(), ['a.ts', 'b.ts']);
    assert.deepEqual(moves[0].relevant, ['b.ts', 'c.ts', 'd.ts']);
    assert.deepEqual(moves[1].relevant, ['c.ts', 'd.ts']);
    const switches = walk.moments.filter((m) => m.mode === 'switch');
    assert.equal(switches.length, 5);
    assert.deepEqual(switches[1], { ...switches[1], queryFile: 'b.ts', target: 'a.ts' });
    assert.equal(switches[1].excluded.size, 0);
    assert.deepEqual(switches[1].relevant, ['a.ts', 'c.ts', 'd.ts']);
  });

  it('knows at each moment only the earlier events: activity, task visits, now', () => {
    const t0 = Date.parse('2026-03-01T09:00:00Z');
    const walk = walkSession(
      {
        id: 'x',
        events: [
          ev(0, 'view', 'a.ts', t0),
          ev(1, 'edit', 'a.ts', t0 + 5000),
          ev(2, 'view', 'b.ts', t0 + 9000),
          ev(3, 'view', 'a.ts', t0 + 20000),
          ev(4, 'view', 'c.ts', t0 + 30000),
        ],
      },
      exists(files),
      0,
    );
    assert.equal(walk.timed, true);
    const first = walk.moments[0];
    const last = walk.moments[walk.moments.length - 1];
    assert.equal(first.target, 'b.ts');
    assert.equal(first.now, t0 + 9000);
    assert.deepEqual(first.activity.get('a.ts'), { lastViewed: t0, lastEdited: t0 + 5000, viewCount: 1, editCount: 1 });
    assert.equal(first.activity.has('b.ts'), false);
    assert.deepEqual(first.task.files.get('a.ts'), { visits: 1, flagged: false, firstAt: t0, lastAt: t0 + 5000 });
    assert.equal(first.task.implicit, true);
    assert.equal(last.target, 'c.ts');
    assert.equal(last.mode, 'switch');
    assert.equal(last.task.files.get('a.ts')!.visits, 2);
    assert.equal(last.activity.get('a.ts')!.lastViewed, t0 + 20000);
    assert.equal(last.activity.get('b.ts')!.viewCount, 1);
  });

  it('places untimed events one gap apart from the start time', () => {
    const walk = walkSession({ id: 's', events: [ev(0, 'view', 'a.ts'), ev(1, 'view', 'b.ts', 5)] }, exists(files), 7000);
    assert.equal(walk.timed, false);
    assert.equal(walk.moments[0].now, 7000 + SYNTHETIC_EVENT_GAP_MS);
    assert.equal(walk.moments[0].activity.get('a.ts')!.lastViewed, 7000);
  });

  it('is deterministic', () => {
    const session = { id: 's', events: ['a.ts', 'b.ts', 'c.ts', 'a.ts', 'd.ts'].map((p, i) => ev(i, 'view', p)) };
    const strip = (w: ReturnType<typeof walkSession>) =>
      JSON.stringify(w.moments.map((m) => ({ ...m, excluded: [...m.excluded], activity: [...m.activity], task: [...m.task.files] })));
    assert.equal(strip(walkSession(session, exists(files), 0)), strip(walkSession(session, exists(files), 0)));
  });
});
