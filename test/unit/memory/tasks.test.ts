import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { Store } from '../../../src/store/database';
import { TaskMemory } from '../../../src/memory/tasks';
import { recordingLog, tempDir } from '../store/helpers';

const ROOT = '/projects/app';
const T0 = 1_800_000_000_000;
const MIN = 60_000;

describe('memory: TaskMemory', () => {
  it('records the session as the implicit task when no task is active', async () => {
    const store = await Store.open(undefined, recordingLog());
    const tasks = new TaskMemory(store, T0);
    assert.equal(tasks.current().implicit, true);
    tasks.visit(ROOT, 'a.ts', T0 + MIN);
    tasks.visit(ROOT, 'a.ts', T0 + MIN + 200);
    tasks.visit(ROOT, 'a.ts', T0 + 2 * MIN);
    const facts = tasks.facts(ROOT)!;
    assert.equal(facts.implicit, true);
    assert.deepEqual(
      facts.files.get('a.ts'),
      { visits: 2, flagged: false, firstAt: T0 + MIN, lastAt: T0 + 2 * MIN },
      'a repeat within a second is one visit',
    );
    await store.close();
  });

  it('runs a task through start, visits, flag, rename and end, keeping its history', async () => {
    const store = await Store.open(undefined, recordingLog());
    const tasks = new TaskMemory(store, T0);
    tasks.visit(ROOT, 'before.ts', T0 + 1);
    const started = tasks.start('fix login', T0 + MIN);
    assert.equal(started.name, 'fix login');
    assert.equal(started.active, true);
    assert.equal(tasks.current().id, started.id);
    assert.deepEqual([...tasks.facts(ROOT)!.files.keys()], [], 'a new task starts empty');

    tasks.visit(ROOT, 'auth.ts', T0 + 2 * MIN);
    tasks.visit('/projects/lib', 'token.ts', T0 + 3 * MIN);
    tasks.setFlag(ROOT, 'auth.ts', true, T0 + 4 * MIN);
    tasks.setFlag(ROOT, 'never-visited.ts', true, T0 + 4 * MIN);
    tasks.setFlag(ROOT, 'never-visited.ts', false, T0 + 5 * MIN);
    tasks.setFlag(ROOT, 'nothing.ts', false, T0 + 5 * MIN);
    assert.equal(tasks.rename('fix login redirect')?.name, 'fix login redirect');
    const facts = tasks.facts(ROOT)!;
    assert.equal(facts.name, 'fix login redirect');
    assert.deepEqual([...facts.files.entries()].sort(), [
      ['auth.ts', { visits: 1, flagged: true, firstAt: T0 + 2 * MIN, lastAt: T0 + 2 * MIN }],
      ['never-visited.ts', { visits: 0, flagged: false, firstAt: T0 + 4 * MIN, lastAt: T0 + 4 * MIN }],
    ]);
    assert.deepEqual([...tasks.facts('/projects/lib')!.files.keys()], ['token.ts']);

    const ended = tasks.end(T0 + 6 * MIN)!;
    assert.equal(ended.active, false);
    assert.equal(ended.endedAt, T0 + 6 * MIN);
    assert.equal(tasks.current().implicit, true, 'back to the session');
    assert.equal(tasks.end(T0 + 7 * MIN), undefined, 'nothing left to end');
    assert.equal(tasks.rename('x'), undefined, 'the session is not renamed');
    assert.equal(tasks.facts(ROOT, ended.id)?.files.get('auth.ts')?.flagged, true, 'an ended task keeps its files');
    assert.deepEqual([...tasks.facts(ROOT)!.files.keys()].sort(), ['auth.ts', 'before.ts'], 'the session saw everything');
    assert.equal(tasks.facts(ROOT, 'no-such-task'), undefined);
    await store.close();
  });

  it('records a visit in a named task, active or not, and finds tasks by id', async () => {
    const store = await Store.open(undefined, recordingLog());
    const tasks = new TaskMemory(store, T0);
    const old = tasks.start('old', T0 + 1);
    tasks.end(T0 + 2);
    assert.equal(tasks.visitTask(old.id, ROOT, 'a.ts', T0 + 10), true);
    assert.equal(tasks.visitTask(old.id, ROOT, 'a.ts', T0 + 20), true);
    assert.equal(tasks.visitTask('missing', ROOT, 'a.ts', T0 + 30), false);
    assert.equal(tasks.facts(ROOT, old.id)?.files.get('a.ts')?.visits, 1, 'a repeat within a second is one visit');
    assert.equal(tasks.facts(ROOT)?.files.size, 0, 'the current session is untouched');
    assert.equal(tasks.get(old.id)?.fileCount, 1);
    assert.equal(tasks.get('missing'), undefined);
    await store.close();
  });

  it('starting a task ends the one in progress', async () => {
    const store = await Store.open(undefined, recordingLog());
    const tasks = new TaskMemory(store, T0);
    const first = tasks.start('one', T0 + 1);
    const second = tasks.start('two', T0 + 2);
    const list = tasks.list();
    assert.deepEqual(
      list.filter((t) => !t.implicit).map((t) => [t.name, t.active, t.endedAt]),
      [
        ['two', true, undefined],
        ['one', false, T0 + 2],
      ],
    );
    assert.notEqual(first.id, second.id);
    await store.close();
  });

  it('persists tasks across windows: the explicit task stays active, the old session is closed', async () => {
    const tmp = tempDir('rf-tasks-');
    try {
      const path = join(tmp.dir, 't.sqlite');
      const store = await Store.open(path, recordingLog());
      const tasks = new TaskMemory(store, T0);
      const task = tasks.start('refactor', T0 + MIN);
      tasks.visit(ROOT, 'a.ts', T0 + 2 * MIN);
      tasks.setFlag(ROOT, 'a.ts', true, T0 + 3 * MIN);
      tasks.visit(ROOT, 'old.ts', T0 + 4 * MIN);
      tasks.renamed(ROOT, 'old.ts', 'new.ts');
      // The window dies without close(): the session stays open in the file.
      await store.close();

      const again = await Store.open(path, recordingLog());
      const next = new TaskMemory(again, T0 + 60 * MIN);
      assert.equal(next.current().id, task.id, 'the task survives the reload');
      assert.deepEqual([...next.facts(ROOT)!.files.entries()].map(([p, f]) => [p, f.flagged, f.visits]).sort(), [
        ['a.ts', true, 1],
        ['new.ts', false, 1],
      ]);
      const sessions = next.list().filter((t) => t.implicit);
      assert.equal(sessions.length, 2);
      assert.deepEqual(
        sessions.map((s) => s.active),
        [true, false],
        'the new session is open, the old one closed',
      );
      assert.equal(sessions[1].endedAt, T0 + 4 * MIN, 'closed at its last visit');
      next.close(T0 + 61 * MIN);
      assert.equal(next.list().find((t) => t.id === sessions[0].id)?.active, false);
      await again.close();
    } finally {
      tmp.dispose();
    }
  });
});
