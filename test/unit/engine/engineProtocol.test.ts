/**
 * The engine protocol end to end without a process: EngineConnection and serveEngine joined by an
 * in-memory channel that, like IPC, delivers each message on a later turn of the event loop.
 */
import * as assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CancelledError,
  ENGINE_EXEC_ARGV,
  EngineConnection,
  EngineStoppedError,
  engineExecArgv,
  forkEngine,
  type EngineChannel,
} from '../../../src/engineClient';
import { serveEngine, YIELD_CORES_READ_FILES } from '../../../src/engineServer';
import type { EngineMessage, HostMessage } from '../../../src/engineProtocol';
import { FIRST_RANKING_WAIT_MS, type Engine } from '../../../src/engine';
import type { EngineOptions, IndexProgress, RankAnswer, RankRequest, TaskInfo } from '../../../src/engineApi';
import { writeWorkspace } from './workspaceFixture';

const FILES: Record<string, string> = {
  'src/auth/token.ts': "export const token = () => 'secret';\n",
  'src/auth/login.ts': "import { token } from './token';\nexport function login() { return token(); }\n",
  'src/app.ts': "import { login } from './auth/login';\nlogin();\n",
  'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
};

/** Both ends in this process; `sent` records what the host sent, `exit` simulates the engine dying. */
function loopback(
  yieldCores?: () => void,
  create?: (options: EngineOptions) => Promise<Engine>,
): { channel: EngineChannel; sent: HostMessage[]; fromEngine: string[]; exit(reason: string): void } {
  const toHost: ((m: EngineMessage) => void)[] = [];
  const toEngine: ((m: HostMessage) => void)[] = [];
  const exitListeners: ((reason: string) => void)[] = [];
  const sent: HostMessage[] = [];
  /** What the engine sent, in its order: message types, events with their phase. */
  const fromEngine: string[] = [];
  let alive = true;
  serveEngine(
    {
      send: (m) => {
        fromEngine.push(m.type === 'event' ? `${m.event}${m.event === 'progress' ? ` ${(m.data as { phase: string }).phase}` : ''}` : m.type);
        setImmediate(() => alive && toHost.forEach((l) => l(m)));
      },
      onMessage: (l) => toEngine.push(l),
      onClose: () => {},
    },
    () => {
      alive = false;
      exitListeners.forEach((l) => l('exit code 0'));
    },
    create,
    yieldCores,
  );
  const exit = (reason: string) => {
    alive = false;
    exitListeners.forEach((l) => l(reason));
  };
  return {
    sent,
    fromEngine,
    exit,
    channel: {
      runtime: 'process',
      pid: undefined,
      send: (m) => {
        sent.push(m);
        setImmediate(() => alive && toEngine.forEach((l) => l(m)));
      },
      onMessage: (l) => toHost.push(l),
      onExit: (l) => exitListeners.push(l),
      kill: () => exit('killed'),
    },
  };
}

describe('engine protocol', function () {
  this.timeout(30_000);
  let root: string;
  before(() => (root = writeWorkspace(FILES, 'rf-protocol-')));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('carries EngineApi methods by name: index with progress events, then rank', async () => {
    const { channel } = loopback();
    const connection = await EngineConnection.start(channel, { roots: [root] });
    const phases: string[] = [];
    const stats = await connection.engine.index((p) => phases.push(p.phase));
    assert.equal(stats[0].files, 4, 'three sources and tsconfig.json: every text file is a node');
    assert.ok(phases.includes('done'), `progress: ${phases.join(', ')}`);
    assert.equal(connection.engine.state, 'ready');
    const answer = await connection.engine.rank({ file: join(root, 'src/auth/login.ts') });
    assert.deepEqual(
      answer.files
        .slice(0, 2)
        .map((f) => f.path)
        .sort(),
      ['src/app.ts', 'src/auth/token.ts'],
    );
    await connection.shutdown();
  });

  it('after a short index, yields the cores once its first ranking is answered: not before, not again', async () => {
    const { channel, fromEngine } = loopback(() => fromEngine.push('yield'));
    const connection = await EngineConnection.start(channel, { roots: [root] });
    await connection.engine.index();
    await connection.engine.rank({ file: join(root, 'src/app.ts') });
    await connection.engine.index();
    await connection.engine.rank({ file: join(root, 'src/app.ts') });
    const order = fromEngine.filter((m) => m === 'yield' || m === 'response' || m === 'progress done');
    assert.deepEqual(order, ['progress done', 'response', 'response', 'yield', 'progress done', 'response', 'response']);
    await connection.shutdown();
  });

  it('after a short index, yields the cores a while later when no ranking is asked for', async () => {
    const { channel, fromEngine } = loopback(() => fromEngine.push('yield'));
    const connection = await EngineConnection.start(channel, { roots: [root] });
    await connection.engine.index();
    assert.ok(!fromEngine.includes('yield'));
    await new Promise((r) => setTimeout(r, FIRST_RANKING_WAIT_MS + 200));
    assert.deepEqual(
      fromEngine.filter((m) => m === 'yield'),
      ['yield'],
    );
    await connection.shutdown();
  });

  describe('the database decides when the cores go', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'rf-protocol-db-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('on a cold start (no database yet), yields the cores as soon as the engine is made, and once', async () => {
      const { channel, fromEngine } = loopback(() => fromEngine.push('yield'));
      const connection = await EngineConnection.start(channel, { roots: [root], dbPath: join(dir, 'memory.db'), readyBeforeHistory: true });
      assert.deepEqual(
        fromEngine.filter((m) => m === 'yield' || m === 'ready'),
        ['yield', 'ready'],
      );
      await connection.engine.index();
      await connection.engine.rank({ file: join(root, 'src/app.ts') });
      assert.equal(fromEngine.filter((m) => m === 'yield').length, 1);
      await connection.shutdown();
    });

    it('on a warm start (its database there), keeps the cores until its first ranking is answered', async () => {
      const dbPath = join(dir, 'memory.db');
      const cold = await EngineConnection.start(loopback().channel, { roots: [root], dbPath, readyBeforeHistory: true });
      await cold.engine.index();
      await cold.engine.rank({ file: join(root, 'src/app.ts') });
      await cold.shutdown();
      const { channel, fromEngine } = loopback(() => fromEngine.push('yield'));
      const connection = await EngineConnection.start(channel, { roots: [root], dbPath, readyBeforeHistory: true });
      await connection.engine.index();
      assert.ok(!fromEngine.includes('yield'), fromEngine.join(', '));
      await connection.engine.rank({ file: join(root, 'src/app.ts') });
      const order = fromEngine.filter((m) => m === 'yield' || m === 'response');
      assert.equal(order[order.length - 1], 'yield', order.join(', '));
      await connection.shutdown();
    });
  });

  describe('an index that reads many files', () => {
    let big: string;
    before(() => {
      big = mkdtempSync(join(tmpdir(), 'rf-protocol-big-'));
      for (let i = 0; i < YIELD_CORES_READ_FILES + 20; i++) writeFileSync(join(big, `f${i}.ts`), `export const v${i} = ${i};\n`);
    });
    after(() => rmSync(big, { recursive: true, force: true }));

    it('yields the cores as soon as it starts reading, without a focus', async () => {
      const { channel, fromEngine } = loopback(() => fromEngine.push('yield'));
      const connection = await EngineConnection.start(channel, { roots: [big] });
      await connection.engine.index();
      const order = fromEngine.filter((m) => m === 'yield' || m === 'response' || m.startsWith('progress'));
      assert.deepEqual(order.slice(0, 3), ['progress list', 'yield', 'progress extract'], order.join(', '));
      assert.equal(order.filter((m) => m === 'yield').length, 1);
      await connection.shutdown();
    });

    it('with a focus, keeps the cores until a ranking of the focus is answered', async () => {
      const { channel, fromEngine } = loopback(() => fromEngine.push('yield'));
      const connection = await EngineConnection.start(channel, { roots: [big] });
      const focus = join(big, 'f7.ts');
      await connection.engine.index(undefined, undefined, focus);
      assert.ok(!fromEngine.includes('yield'), fromEngine.join(', '));
      await connection.engine.rank({ file: focus });
      const order = fromEngine.filter((m) => m === 'yield' || m === 'response' || m.startsWith('progress'));
      assert.deepEqual(order.slice(order.indexOf('progress done')), ['progress done', 'response', 'response', 'yield']);
      await connection.shutdown();
    });
  });

  describe('a ranking that waits in the engine (rankWhenRankable)', () => {
    /**
     * An engine whose index, rankability and waiting ranking the test moves on by hand: only the
     * server's queue and priority logic are under test (Engine's own waiting: rankWhenRankable.test.ts).
     */
    function heldEngine() {
      const listeners = new Set<() => void>();
      const held = {
        rankable: false,
        aborted: false,
        calls: [] as string[],
        endIndex: () => {},
        answer: (_answer: RankAnswer) => {},
        fireChange: () => listeners.forEach((l) => l()),
      };
      const engine = {
        state: 'indexing',
        onDidChange: (l: () => void) => {
          listeners.add(l);
          return { dispose: () => listeners.delete(l) };
        },
        canRank: () => held.rankable,
        index: (onProgress: (p: IndexProgress) => void) => {
          held.calls.push('index');
          onProgress({ root: tmpdir(), phase: 'extract', done: 0, total: YIELD_CORES_READ_FILES + 1 });
          return new Promise<[]>((resolve) => (held.endIndex = () => resolve([])));
        },
        rankWhenRankable: (_request: RankRequest, signal: AbortSignal) =>
          new Promise<RankAnswer>((resolve, reject) => {
            held.calls.push('rankWhenRankable');
            held.answer = resolve;
            signal.addEventListener('abort', () => {
              held.aborted = true;
              reject(new Error('cancelled'));
            });
          }),
        explain: () => {
          held.calls.push('explain');
          return undefined;
        },
        rank: (): RankAnswer => {
          held.calls.push('rank');
          return { files: [], note: 'partial', ms: 0 };
        },
        activeTask: (): TaskInfo => {
          held.calls.push('activeTask');
          return { id: 't', name: 'task', startedAt: 0, active: true, implicit: true, files: [] };
        },
        dispose: () => Promise.resolve(),
      } as unknown as Engine;
      return { held, create: () => Promise.resolve(engine) };
    }
    const focus = join(tmpdir(), 'focus.ts');
    const turns = (n = 5) => new Promise<void>((r) => (n <= 0 ? r() : setImmediate(() => void turns(n - 1).then(r))));

    it("counts as the focus's ranking: the cores are yielded once it is answered, while the index still reads", async () => {
      const { held, create } = heldEngine();
      const { channel, fromEngine } = loopback(() => fromEngine.push('yield'), create);
      const connection = await EngineConnection.start(channel, { roots: [root] });
      const indexed = connection.engine.index(undefined, undefined, focus);
      const waiting = connection.engine.rankWhenRankable({ file: focus });
      await turns();
      assert.ok(!fromEngine.includes('yield'), 'the cores wait for the focus');
      held.rankable = true;
      held.fireChange();
      held.answer({ files: [], note: 'partial', ms: 0 });
      await waiting;
      await turns();
      held.endIndex();
      await indexed;
      const order = fromEngine.filter((m) => m === 'yield' || m === 'response');
      assert.deepEqual(order, ['response', 'yield', 'response'], fromEngine.join(', '));
      await connection.shutdown();
    });

    it('holds no other request back: one asked after it is answered while it waits', async () => {
      const { held, create } = heldEngine();
      const { channel } = loopback(undefined, create);
      const connection = await EngineConnection.start(channel, { roots: [root] });
      const answered: string[] = [];
      const waiting = connection.engine.rankWhenRankable({ file: focus }).then(() => answered.push('waiting ranking'));
      await connection.engine.activeTask();
      answered.push('activeTask');
      held.answer({ files: [], ms: 0 });
      await waiting;
      assert.deepEqual(answered, ['activeTask', 'waiting ranking']);
      await connection.shutdown();
    });

    for (const together of [false, true]) {
      const when = together ? 'sent with the index request, is taken as the index starts' : 'is taken on arrival while an index runs';
      it(`${when}, ahead of a request queued before it`, async () => {
        const { held, create } = heldEngine();
        const { channel } = loopback(undefined, create);
        const connection = await EngineConnection.start(channel, { roots: [root] });
        const indexed = connection.engine.index(undefined, undefined, focus);
        if (!together) await turns();
        const other = connection.engine.explain(focus, join(tmpdir(), 'other.ts'));
        const waiting = connection.engine.rankWhenRankable({ file: focus });
        await turns();
        assert.deepEqual(held.calls, ['index', 'rankWhenRankable', 'explain']);
        held.answer({ files: [], ms: 0 });
        held.endIndex();
        await Promise.all([other, waiting, indexed]);
        await connection.shutdown();
      });
    }

    for (const method of ['rankWhenRankable', 'rank'] as const) {
      const asked = method === 'rank' ? 'asked at once (rank) too: ' : '';
      it(`${asked}takes the task request queued before it along (the view shows the two together), other requests keep their turn`, async () => {
        const { held, create } = heldEngine();
        const { channel } = loopback(undefined, create);
        const connection = await EngineConnection.start(channel, { roots: [root] });
        const indexed = connection.engine.index(undefined, undefined, focus);
        await turns();
        const other = connection.engine.explain(focus, join(tmpdir(), 'other.ts'));
        const task = connection.engine.activeTask();
        const ranking = connection.engine[method]({ file: focus });
        await turns(1);
        assert.deepEqual(held.calls.slice(0, 3), ['index', 'activeTask', method], held.calls.join(', '));
        held.answer({ files: [], ms: 0 });
        await Promise.all([other, task, ranking]);
        assert.deepEqual(held.calls, ['index', 'activeTask', method, 'explain']);
        held.endIndex();
        await indexed;
        await connection.shutdown();
      });
    }

    it('is dropped in the engine when cancelled', async () => {
      const { held, create } = heldEngine();
      const { channel, sent } = loopback(undefined, create);
      const connection = await EngineConnection.start(channel, { roots: [root] });
      const abort = new AbortController();
      const waiting = connection.engine.request('rankWhenRankable', [{ file: focus }], abort.signal);
      await turns();
      abort.abort();
      await assert.rejects(waiting, CancelledError);
      await turns();
      assert.ok(sent.some((m) => m.type === 'cancel'));
      assert.equal(held.aborted, true, "the engine saw the request's signal abort");
      await connection.shutdown();
    });
  });

  it('drops a request cancelled before the engine reached it, and answers the newer one', async () => {
    const { channel, sent } = loopback();
    const connection = await EngineConnection.start(channel, { roots: [root] });
    await connection.engine.index();
    const abort = new AbortController();
    const older = connection.engine.request('rank', [{ file: join(root, 'src/app.ts') }], abort.signal);
    abort.abort();
    const newer = connection.engine.rank({ file: join(root, 'src/auth/login.ts') });
    await assert.rejects(older, CancelledError);
    assert.ok((await newer).files.length > 0);
    assert.ok(
      sent.some((m) => m.type === 'cancel'),
      'the engine was told',
    );
    await connection.shutdown();
  });

  it('sends editor events as one batch, applied before a later request', async () => {
    const { channel, sent } = loopback();
    const connection = await EngineConnection.start(channel, { roots: [root] });
    await connection.engine.index();
    const task = await connection.engine.startTask('batch');
    connection.notify('recordActivity', 'view', join(root, 'src/app.ts'));
    connection.notify('recordActivity', 'view', join(root, 'src/auth/token.ts'));
    const after = await connection.engine.activeTask();
    assert.equal(after.id, task.id);
    assert.deepEqual(after.files.map((f) => f.path).sort(), [join(root, 'src/app.ts'), join(root, 'src/auth/token.ts')]);
    const batches = sent.filter((m) => m.type === 'batch');
    assert.equal(batches.length, 1);
    assert.equal(batches[0].type === 'batch' && batches[0].calls.length, 2);
    await connection.shutdown();
  });

  it('on a cold start, answers a ranking before the new database opens; a request that reads it waits, after the writes sent before it', async () => {
    const dbDir = mkdtempSync(join(tmpdir(), 'rf-protocol-db-'));
    try {
      const { channel } = loopback();
      const dbPath = join(dbDir, 'new.sqlite');
      const connection = await EngineConnection.start(channel, { roots: [root], dbPath, readyBeforeHistory: true, historyEnabled: false });
      const focus = join(root, 'src/app.ts');
      const indexed = connection.engine.index(undefined, undefined, focus);
      const ranked = await connection.engine.rankWhenRankable({ file: focus });
      assert.equal(ranked.files[0]?.path, 'src/auth/login.ts');
      connection.notify('logShown', focus, ['src/auth/login.ts']);
      const log = await connection.engine.rankingLog();
      assert.deepEqual(
        log.map((r) => [r.queryPath, r.shown]),
        [['src/app.ts', ['src/auth/login.ts']]],
        'the ranking log, read once the database opened, holds the ranking shown before it was asked',
      );
      await indexed;
      await connection.shutdown();
    } finally {
      rmSync(dbDir, { recursive: true, force: true });
    }
  });

  it('fails pending requests with the reason when the engine dies, and refuses new ones', async () => {
    const { channel, exit } = loopback();
    const connection = await EngineConnection.start(channel, { roots: [root] });
    const pending = connection.engine.index();
    exit('killed by SIGKILL');
    await assert.rejects(pending, (e: unknown) => e instanceof EngineStoppedError && /SIGKILL/.test(e.message));
    await assert.rejects(connection.engine.activeTask(), EngineStoppedError);
  });

  it('rejects the start of an engine process that exited before its connection was made (one started ahead, as a restart does)', async () => {
    const script = join(root, 'exits.js');
    writeFileSync(script, 'process.exit(3);\n');
    const channel = forkEngine(script);
    await new Promise<void>((resolve) => channel.onExit(() => resolve()));
    const late: string[] = [];
    channel.onExit((reason) => late.push(reason));
    assert.deepEqual(late, ['exit code 3'], 'a listener added after the exit hears it');
    await assert.rejects(
      EngineConnection.start(channel, { roots: [root] }),
      (e: unknown) => e instanceof EngineStoppedError && /exit code 3/.test(e.message),
    );
  });

  it("starts the engine process with the engine's V8 options, none of the host's, and its young generation capped by them", async () => {
    const script = join(root, 'reports.js');
    writeFileSync(
      script,
      [
        "const v8 = require('node:v8');",
        'const kept = [];',
        "for (let i = 0; i < 3e5; i++) kept.push({ i, s: 'x' + i });",
        "const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;",
        'process.send({ execArgv: process.execArgv, young, kept: kept.length }, () => process.exit(0));',
      ].join('\n'),
    );
    const channel = forkEngine(script);
    const report = await new Promise<{ execArgv: string[]; young: number }>((resolve) => channel.onMessage((m) => resolve(m as never)));
    assert.deepEqual(report.execArgv, [...ENGINE_EXEC_ARGV]);
    // Two halves of 2 MB each; by default they grow to 16 MB or more under this much live data.
    assert.ok(report.young <= 4 * 1024 * 1024, `young generation ${report.young} bytes`);
  });

  it("gives the engine process V8 helper threads one fewer than the cores, at most Node's 4", async function () {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 16].map((cores) => engineExecArgv(cores).find((a) => a.startsWith('--v8-pool-size='))),
      ['--v8-pool-size=1', '--v8-pool-size=1', '--v8-pool-size=2', '--v8-pool-size=3', '--v8-pool-size=4', '--v8-pool-size=4'],
    );
    if (process.platform !== 'linux') this.skip(); // threads are counted in /proc
    const script = join(root, 'threads.js');
    writeFileSync(script, "process.send(require('node:fs').readdirSync('/proc/self/task').length, () => process.exit(0));\n");
    const threadsOf = (child: { once(event: 'message', listener: (m: unknown) => void): unknown }) =>
      new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
    const plain = await threadsOf(fork(script, [], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }));
    const channel = forkEngine(script);
    const engine = await new Promise<number>((resolve) => channel.onMessage((m) => resolve(m as never)));
    const helpers = Math.max(1, Math.min(4, availableParallelism() - 1));
    assert.equal(plain - engine, 4 - helpers, `${plain} threads with Node's defaults, ${engine} in the engine process`);
  });

  it('names a killed engine process killed, even when a message sent after its death fails first', async () => {
    const script = join(root, 'waits.js');
    writeFileSync(script, "process.on('message', () => {});\nsetInterval(() => {}, 1000);\n");
    const channel = forkEngine(script);
    const reasons: string[] = [];
    const exited = new Promise<void>((resolve) => channel.onExit((reason) => (reasons.push(reason), resolve())));
    await new Promise((resolve) => setTimeout(resolve, 300)); // running, its channel open
    process.kill(channel.pid!, 'SIGKILL');
    // Dead before this thread hears of it: the next write meets a closed pipe, and fails before the exit is seen.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    channel.send({ type: 'shutdown' });
    channel.send({ type: 'shutdown' });
    await exited;
    assert.deepEqual(reasons, ['killed by SIGKILL']);
  });

  it('refuses an extension that speaks another protocol version', async () => {
    const { channel } = loopback();
    const answers: EngineMessage[] = [];
    channel.onMessage((m) => answers.push(m));
    channel.send({ type: 'start', version: -1, options: { roots: [root] } });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(answers[0]?.type, 'startFailed');
  });
});
