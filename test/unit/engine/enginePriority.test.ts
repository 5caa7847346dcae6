/**
 * The engine's priority covers the whole process: checked in a child process (a priority, once
 * lowered, cannot be raised again without privileges) that runs a worker thread and a child of its
 * own, lowers its priority, and reports the nice value of each thread and of the child from /proc.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { childIds, threadsAndChildren } from '../../../src/enginePriority';

/** Runs in the child: a worker thread and a `sleep` child, then lowerProcessPriority(10). */
const CHILD_SCRIPT = `
const { Worker } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');
const { lowerProcessPriority } = require(${JSON.stringify(require.resolve('../../../src/enginePriority'))});
const nice = (stat) => Number(readFileSync(stat, 'utf8').split(') ')[1].split(' ')[16]);
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
worker.on('online', () => setTimeout(() => {
  const threadsBefore = readdirSync('/proc/self/task').map((t) => nice('/proc/self/task/' + t + '/stat'));
  const childBefore = nice('/proc/' + sleeper.pid + '/stat');
  const changed = lowerProcessPriority(10);
  const threadsAfter = readdirSync('/proc/self/task').map((t) => nice('/proc/self/task/' + t + '/stat'));
  const childAfter = nice('/proc/' + sleeper.pid + '/stat');
  sleeper.kill();
  void worker.terminate();
  process.stdout.write(JSON.stringify({ threadsBefore, childBefore, changed, threadsAfter, childAfter }));
}, 200));
`;

describe('enginePriority', () => {
  it('reads the process ids of a /proc children file', () => {
    assert.deepEqual(childIds('123 4567 '), [123, 4567]);
    assert.deepEqual(childIds(''), []);
  });

  it('finds no threads where there is no /proc task folder', () => {
    assert.equal(threadsAndChildren('/nonexistent/task'), undefined);
  });

  const linux = existsSync('/proc/self/task');
  (linux ? it : it.skip)('lowers every thread of the process and its running child, not only the calling thread', function () {
    this.timeout(30_000);
    const out = execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', CHILD_SCRIPT], { encoding: 'utf8' });
    const r = JSON.parse(out) as { threadsBefore: number[]; childBefore: number; changed: number; threadsAfter: number[]; childAfter: number };
    // The child starts at the test's own priority, below 10 unless the test itself runs niced.
    if (Math.max(...r.threadsBefore, r.childBefore) >= 10) this.skip();
    assert.ok(r.threadsBefore.length > 2, `a Node process with a worker has several threads (${r.threadsBefore.length})`);
    assert.deepEqual(
      r.threadsAfter.filter((n) => n < 10),
      [],
      `every thread at nice 10 or more: ${r.threadsAfter.join(' ')}`,
    );
    assert.equal(r.childAfter, 10);
    assert.ok(r.changed >= r.threadsBefore.length + 1, `changed ${r.changed}`);
  });
});
