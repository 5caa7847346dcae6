/**
 * A ranking asked while a cold index reads waits in the engine (rankWhenRankable): it is answered
 * as soon as its file's references are in the graph, or when the index ends without that, never
 * later; a cancelled one is dropped; without an index running it is answered at once.
 */
import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../../../src/engine';
import type { RankAnswer } from '../../../src/engineApi';
import { FOCUS_FIRST_FILES, writeWorkspace } from './workspaceFixture';

const FILES = FOCUS_FIRST_FILES;

describe('Engine.rankWhenRankable', () => {
  let root: string;
  let engine: Engine | undefined;

  beforeEach(() => (root = writeWorkspace(FILES, 'rf-wait-')));
  afterEach(async () => {
    await engine?.dispose();
    engine = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  const create = () => Engine.create({ roots: [root], historyEnabled: false, readyBeforeHistory: true });

  it('answers once the file can be ranked, while the index still reads: a partial ranking with its import targets', async () => {
    const e = (engine = await create());
    const focus = join(root, 'src/app/main.ts');
    const indexed = e.index(undefined, undefined, focus);
    assert.equal(e.canRank(focus), false, 'not rankable before the index read it');
    const answer = await e.rankWhenRankable({ file: focus });
    await indexed;
    assert.match(answer.note ?? '', /results are partial$/, 'answered before the index ended');
    const paths = answer.files.map((f) => f.path);
    assert.ok(paths.includes('src/app/util.ts') && paths.includes('src/lib/helper.ts'), paths.join(', '));
  });

  it('answers when the index ends if the file never becomes rankable, with what rank says then', async () => {
    const e = (engine = await create());
    const missing = join(root, 'src/app/missing.ts');
    const indexed = e.index(undefined, undefined, join(root, 'src/app/main.ts'));
    let stateAtAnswer: string | undefined;
    const answer = await e.rankWhenRankable({ file: missing }).then((a: RankAnswer) => {
      stateAtAnswer = e.state;
      return a;
    });
    await indexed;
    assert.equal(stateAtAnswer, 'ready');
    assert.deepEqual(answer, { ...e.rank({ file: missing }), ms: answer.ms });
  });

  it('answers when an aborted index stops, without waiting for a file it never read', async () => {
    const e = (engine = await create());
    const abort = new AbortController();
    const indexed = e.index(undefined, abort.signal, join(root, 'src/app/main.ts'));
    const waiting = e.rankWhenRankable({ file: join(root, 'far/away/two.ts') });
    abort.abort();
    const answer = await waiting;
    await indexed;
    assert.equal(typeof answer.ms, 'number');
  });

  it('drops a cancelled wait: it rejects at once, before the index ends', async () => {
    const e = (engine = await create());
    let indexEnded = false;
    const indexed = e.index(undefined, undefined, join(root, 'src/app/main.ts')).then(() => (indexEnded = true));
    const abort = new AbortController();
    const waiting = e.rankWhenRankable({ file: join(root, 'src/app/missing.ts') }, abort.signal);
    abort.abort();
    await assert.rejects(waiting, /cancelled/);
    assert.equal(indexEnded, false, 'the rejection came with the cancel, not at the index end');
    await indexed;
  });

  it('answers at once, as rank, when no index runs', async () => {
    const e = (engine = await create());
    await e.index();
    const file = join(root, 'src/app/main.ts');
    const answer = await e.rankWhenRankable({ file });
    assert.equal(answer.note, undefined);
    assert.deepEqual(
      answer.files.map((f) => f.path),
      e.rank({ file }).files.map((f) => f.path),
    );
  });
});
