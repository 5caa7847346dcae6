/**
 * The engine's weights of this workspace: the background tuning runs after indexing when the setting
 * is on, its outcome is stored by HEAD (a restart does not tune again), a new HEAD makes it stale,
 * dispose cancels it, and adopted weights replace `default` unless turned off. The tuning itself is a
 * stand-in here (its figures are tested in test/unit/tuning); the real one runs in the CLI round trip.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Engine } from '../../../src/engine';
import type { EngineOptions } from '../../../src/engineApi';
import { RETUNE_MIN_INTERVAL_MS, type TuneFunction } from '../../../src/engineTuning';
import { PRESETS } from '../../../src/core/presets';
import { SIGNAL_NAMES, type Weights } from '../../../src/core/ranking';
import type { WorkspaceWeights } from '../../../src/core/workspaceWeights';

const FILES: Record<string, string> = {
  'src/auth/login.ts': "import { token } from './token';\nexport function login() { return token(); }\n",
  'src/auth/token.ts': 'export function token() { return 1; }\n',
  'src/ui/button.ts': 'export const button = 1;\n',
  'src/ui/theme.ts': 'export const theme = 1;\n',
  'test/login.test.ts': "import { login } from '../src/auth/login';\nlogin();\n",
};

/** Weights that rank unlike default: everything on the path signal. */
const PATH_ONLY: Weights = Object.fromEntries(SIGNAL_NAMES.map((s) => [s, s === 'pathSimilarity' ? 1 : 0])) as Weights;

function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { cwd: root, encoding: 'utf8' }).trim();
}

function outcome(head: string, adopted: boolean, tunedAt: number): WorkspaceWeights {
  return {
    head,
    tunedAt,
    method: 'ascent',
    commits: 200,
    trainQueries: 150,
    heldBackQueries: 140,
    tunedNp10: 0.58,
    defaultNp10: 0.52,
    gain: { low: adopted ? 0.03 : -0.01, high: 0.09 },
    adopted,
    weights: PATH_ONLY,
  };
}

describe('engine: weights of this workspace', () => {
  let base: string;
  let root: string;
  let db: string;
  const engines: Engine[] = [];

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'rf-tuning-'));
    root = join(base, 'ws');
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'init');
    db = join(base, 'db.sqlite');
  });

  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.dispose();
    rmSync(base, { recursive: true, force: true });
  });

  /** A stand-in tuning that records its calls and answers `adopted` weights at the head it is given. */
  function fakeTune(adopted = true, now = () => Date.now()): TuneFunction & { calls: string[] } {
    const calls: string[] = [];
    const tune = async (repo: string) => {
      const head = git(repo, 'rev-parse', 'HEAD');
      calls.push(head);
      return outcome(head, adopted, now());
    };
    return Object.assign(tune, { calls });
  }

  async function open(options: Partial<EngineOptions>, tune?: TuneFunction): Promise<Engine> {
    const engine = await Engine.create({ roots: [root], dbPath: db, tuneDelayMs: 0, ...options }, { tune });
    engines.push(engine);
    return engine;
  }

  async function settled(engine: Engine): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const status = engine.workspaceWeights()[0];
      if (status.outcome && !status.running) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.fail('tuning did not finish');
  }

  const login = () => join(root, 'src/auth/login.ts');
  const scores = (engine: Engine, weights?: Weights) => engine.rank({ file: login(), weights }).files.map((f) => `${f.path} ${f.score.toFixed(6)}`);

  it('tunes after indexing when on, and ranks with adopted weights in place of default', async () => {
    const tune = fakeTune(true);
    const engine = await open({ tuneWorkspace: true }, tune);
    await engine.index();
    await settled(engine);
    assert.equal(tune.calls.length, 1);
    const status = engine.workspaceWeights()[0];
    assert.equal(status.outcome?.adopted, true);
    assert.equal(status.stale, false);
    assert.deepEqual(scores(engine), scores(engine, PATH_ONLY));
    assert.notDeepEqual(scores(engine), scores(engine, PRESETS.default), 'the stand-in weights rank unlike default');
  });

  it('keeps default when the tuned weights were not adopted', async () => {
    const engine = await open({ tuneWorkspace: true }, fakeTune(false));
    await engine.index();
    await settled(engine);
    assert.equal(engine.workspaceWeights()[0].outcome?.adopted, false);
    assert.deepEqual(scores(engine), scores(engine, PRESETS.default));
  });

  it('a restart at the same HEAD reads the stored outcome and does not tune again', async () => {
    const first = await open({ tuneWorkspace: true }, fakeTune(true));
    await first.index();
    await settled(first);
    await first.dispose();
    const again = fakeTune(true);
    const second = await open({ tuneWorkspace: true }, again);
    await second.index();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(again.calls.length, 0);
    assert.equal(second.workspaceWeights()[0].outcome?.adopted, true);
    assert.deepEqual(scores(second), scores(second, PATH_ONLY));
  });

  it('a new HEAD makes the outcome stale; it is tuned again once the interval has passed', async () => {
    let now = Date.UTC(2026, 0, 1);
    const clock = () => now;
    const first = await open({ tuneWorkspace: true, now: clock }, fakeTune(true, clock));
    await first.index();
    await settled(first);
    await first.dispose();
    writeFileSync(join(root, 'src/ui/theme.ts'), 'export const theme = 2;\n');
    git(root, 'commit', '-qam', 'theme');
    const newHead = git(root, 'rev-parse', 'HEAD');

    const soon = fakeTune(true, clock);
    const second = await open({ tuneWorkspace: true, now: clock }, soon);
    await second.index();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(second.workspaceWeights()[0].stale, true);
    assert.equal(soon.calls.length, 0, 'not re-tuned within the interval');
    await second.dispose();

    now += RETUNE_MIN_INTERVAL_MS;
    const later = fakeTune(true, clock);
    const third = await open({ tuneWorkspace: true, now: clock }, later);
    await third.index();
    for (let i = 0; i < 200 && third.workspaceWeights()[0].stale; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(later.calls, [newHead]);
    assert.equal(third.workspaceWeights()[0].stale, false);
  });

  it('dispose cancels a running tuning, and nothing is stored', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let sawAbort = false;
    const tune: TuneFunction = (_repo, options) =>
      new Promise((_resolve, reject) => {
        started();
        options.signal?.addEventListener('abort', () => {
          sawAbort = true;
          reject(options.signal?.reason);
        });
      });
    const engine = await open({ tuneWorkspace: true }, tune);
    await engine.index();
    await running;
    assert.equal(engine.workspaceWeights()[0].running, true);
    await engine.dispose();
    assert.equal(sawAbort, true);
    const reopened = await open({});
    assert.equal(reopened.workspaceWeights()[0].outcome, undefined);
  });

  it('with the setting off, nothing is tuned and stored weights are not used', async () => {
    const first = await open({ tuneWorkspace: true }, fakeTune(true));
    await first.index();
    await settled(first);
    await first.dispose();
    const tune = fakeTune(true);
    const off = await open({ tuneWorkspace: false, workspaceWeights: false }, tune);
    await off.index();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(tune.calls.length, 0);
    assert.deepEqual(scores(off), scores(off, PRESETS.default));
  });

  it('the re-tune command tunes now, whatever is stored', async () => {
    const tune = fakeTune(true);
    const engine = await open({ tuneWorkspace: false }, tune);
    await engine.index();
    const [status] = await engine.retuneWorkspace();
    assert.equal(tune.calls.length, 1);
    assert.equal(status.outcome?.adopted, true);
    await engine.retuneWorkspace();
    assert.equal(tune.calls.length, 2);
  });

  it('a preset other than default is not replaced by the tuned weights', async () => {
    const engine = await open({ tuneWorkspace: true, preset: 'refactoring' }, fakeTune(true));
    await engine.index();
    await settled(engine);
    assert.deepEqual(scores(engine), scores(engine, PRESETS.refactoring));
  });
});
