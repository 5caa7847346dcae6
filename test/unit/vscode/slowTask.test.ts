import * as assert from 'node:assert/strict';
import { showIfSlow } from '../../../src/vscode/slowTask';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('showIfSlow', () => {
  it('shows nothing for a task that settles before the delay', async () => {
    let shown = 0;
    const value = await showIfSlow(Promise.resolve(7), 5, () => shown++);
    await sleep(20);
    assert.equal(value, 7);
    assert.equal(shown, 0);
  });

  it('shows nothing for a task that fails before the delay, and passes the failure on', async () => {
    let shown = 0;
    await assert.rejects(
      showIfSlow(Promise.reject(new Error('engine stopped')), 5, () => shown++),
      /engine stopped/,
    );
    await sleep(20);
    assert.equal(shown, 0);
  });

  it('shows a task still pending after the delay, once, with the task itself', async () => {
    let finish!: (v: string) => void;
    const task = new Promise<string>((r) => (finish = r));
    const shownWith: Promise<string>[] = [];
    const shown = new Promise<void>((r) =>
      showIfSlow(task, 1, (pending) => {
        shownWith.push(pending);
        r();
      }),
    );
    await shown;
    finish('done');
    await sleep(10);
    assert.equal(shownWith.length, 1);
    assert.equal(await shownWith[0], 'done');
  });
});
