/**
 * bench/firstRanking: a cold start's first partial ranking, outside VS Code, this build's engine
 * against another build's in one run. Each start forks the engine bundle (as the extension does) on
 * a new database, indexes --root with --open as the focus and, at the engine's first change event
 * while indexing (what the view waits for), asks for the ranking of --open after --delay ms: the
 * extension's round trip (the event to the host thread and the request back), 0.4–1.2 s measured in a
 * VS Code starting up on two cores. With --wait, this build is asked as the view asks it now: the
 * ranking is sent right behind the index request and waits in the engine (rankWhenRankable), no round
 * trip; the baseline, which may have no such request, is still asked --delay ms after the event, unless
 * --baseline-waits says it has one (a build since the view asks so) and is to be asked the same way. Prints fork
 * to 'ready' and fork to the partial answer per start, the builds alternating, with medians and their
 * ratio. Each build keeps its own compile cache, written by one start before the measured ones, so the
 * bundles' parse is not what differs.
 *
 * --warm measures the warm start instead (a second window, a restart): each build's engine forked on a
 * database its own cold start wrote, indexed with --open as the focus (the stored graph restored) and
 * asked for the ranking of --open once its index answers, as the view asks on 'ready'; fork to 'ready'
 * and fork to the answer.
 *
 * --late-focus MS: a window that restores its editor late: the index asked with no focus, the focus given MS ms
 * later (refocus) and its ranking waiting in the engine; ms from the focus to the partial ranking.
 *
 * --complete (cold starts): also the first complete ranking, asked once the index answers, ms from the fork.
 * --busy N: N loops at normal priority keep cores busy through each start, as a VS Code starting beside the
 * engine keeps them (the workbench, its server and the TypeScript server; a cold engine runs below normal).
 *
 *   npm run build && npx tsx bench/firstRanking.ts --root DIR --open REL --baseline EXT_DIR [--runs 5] [--delay 400] [--wait [--baseline-waits] | --warm | --late-focus MS] [--complete] [--busy N]
 *
 * --baseline is a checkout of another commit, built (its dist/engine.js). Figures only; never pass/fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { EngineConnection, forkEngine } from '../src/engineClient';
import type { RankAnswer } from '../src/engineApi';

const OPTIONS: Record<string, OptionSpec> = {
  root: { type: 'string', description: 'folder to index' },
  open: { type: 'string', description: 'file (relative to --root) to rank first' },
  baseline: { type: 'string', description: 'a built checkout of another commit' },
  runs: { type: 'string', description: 'starts per build (default 5)' },
  delay: { type: 'string', description: 'ms between the change event and the ranking request (default 400)' },
  wait: { type: 'boolean', description: "this build's ranking is asked with the index and waits in the engine" },
  'baseline-waits': { type: 'boolean', description: "with --wait, the baseline's ranking waits in the engine too (it has rankWhenRankable)" },
  'late-focus': {
    type: 'string',
    description: 'the editor is known this many ms after the index request (both builds): ms from then to the partial ranking',
  },
  warm: { type: 'boolean', description: 'the warm start: each engine on the database its cold start wrote' },
  complete: { type: 'boolean', description: 'cold starts: also the first complete ranking, asked once the index answers' },
  busy: { type: 'string', description: 'loops at normal priority keeping cores busy through each start (default 0)' },
};

interface Start {
  readonly readyMs: number;
  readonly answerMs: number;
  /** --complete: ms from the fork to the first complete ranking. */
  readonly completeMs?: number;
}

/** `n` processes spinning at normal priority until stopped: cores busy as a starting VS Code keeps them. */
function busyLoops(n: number): () => void {
  const loops: ChildProcess[] = [];
  for (let i = 0; i < n; i++) loops.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => loops.forEach((loop) => loop.kill());
}

/**
 * How a start asks for the focus's ranking: `delayMs` after the first change event; at once, to wait in the
 * engine; or with the index asked without a focus and the focus given `lateMs` after it (a window that
 * restores its editor late), the ranking then waiting in the engine and timed from that moment.
 */
type Ask = { readonly delayMs: number } | { readonly wait: true } | { readonly lateMs: number };

/** A build's engine forked on `dbPath`, as the extension starts it (ranking first), with the build's compile cache. */
function startEngine(script: string, compileCache: string, root: string, dbPath: string): Promise<EngineConnection> {
  process.env.NODE_COMPILE_CACHE = compileCache; // forkEngine passes the environment on
  return EngineConnection.start(forkEngine(script), { roots: [root], dbPath, readyBeforeHistory: true });
}

async function coldStart(script: string, compileCache: string, root: string, focus: string, ask: Ask, complete: boolean): Promise<Start> {
  const dir = mkdtempSync(join(tmpdir(), 'first-ranking-'));
  let indexed: Promise<unknown> | undefined;
  try {
    const started = performance.now();
    const connection = await startEngine(script, compileCache, root, join(dir, 'db.sqlite'));
    const readyMs = performance.now() - started;
    const answerMs = await new Promise<number>((done, fail) => {
      let from = started;
      const answered = (answer: RankAnswer) => {
        if (answer.files.length === 0) fail(new Error(`no partial ranking: ${answer.note ?? 'no note'}`));
        else if (answer.note === undefined) fail(new Error('the ranking came after the index ended, not partial'));
        else done(performance.now() - from);
      };
      if ('lateMs' in ask) {
        indexed = connection.engine.index();
        indexed.catch(fail);
        setTimeout(() => {
          from = performance.now();
          connection.engine.refocus(focus);
          connection.engine.rankWhenRankable({ file: focus }).then(answered, fail);
        }, ask.lateMs);
        return;
      }
      if ('wait' in ask) {
        indexed = connection.engine.index(undefined, undefined, focus);
        indexed.catch(fail);
        connection.engine.rankWhenRankable({ file: focus }).then(answered, fail);
        return;
      }
      let asked = false;
      connection.engine.onDidChange(() => {
        if (asked || connection.engine.state !== 'indexing') return;
        asked = true;
        setTimeout(() => connection.engine.rank({ file: focus }).then(answered, fail), ask.delayMs);
      });
      indexed = connection.engine.index(undefined, undefined, focus);
      indexed.catch(fail);
    });
    let completeMs: number | undefined;
    if (complete) {
      await indexed;
      const answer = await connection.engine.rank({ file: focus });
      if (answer.files.length === 0 || answer.note !== undefined)
        throw new Error(`no complete ranking after the index: ${answer.note ?? 'no files'}`);
      completeMs = performance.now() - started;
    }
    await connection.shutdown();
    return { readyMs, answerMs, completeMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The database a build's cold start leaves (indexed, saved on shutdown), for its warm starts. */
async function writeDatabase(script: string, compileCache: string, root: string, focus: string, dbPath: string): Promise<void> {
  const connection = await startEngine(script, compileCache, root, dbPath);
  await connection.engine.index(undefined, undefined, focus);
  await connection.shutdown();
}

/** A warm start: the engine on `dbPath`, the focus ranked once the index (the stored graph) answers. */
async function warmStart(script: string, compileCache: string, root: string, focus: string, dbPath: string): Promise<Start> {
  const started = performance.now();
  const connection = await startEngine(script, compileCache, root, dbPath);
  const readyMs = performance.now() - started;
  const [stats] = await connection.engine.index(undefined, undefined, focus);
  if (!stats?.warm) throw new Error(`the index was not warm from ${dbPath}`);
  const answer = await connection.engine.rank({ file: focus });
  if (answer.files.length === 0) throw new Error(`no warm ranking: ${answer.note ?? 'no note'}`);
  const answerMs = performance.now() - started;
  await connection.shutdown();
  return { readyMs, answerMs };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), OPTIONS).options;
  if (!args.root || !args.open || !args.baseline) throw new Error('--root DIR, --open REL and --baseline EXT_DIR are required');
  const root = resolve(String(args.root));
  const focus = join(root, String(args.open));
  const runs = Number(args.runs ?? 5);
  const delayMs = Number(args.delay ?? 400);
  const caches = mkdtempSync(join(tmpdir(), 'first-ranking-cache-'));
  const wait = args.wait === true;
  const warm = args.warm === true;
  if (wait && warm) throw new Error('--wait is for the cold start; --warm asks once the index answers');
  const baselineWaits = args['baseline-waits'] === true;
  if (baselineWaits && !wait) throw new Error('--baseline-waits goes with --wait');
  const late = args['late-focus'] === undefined ? undefined : { lateMs: Number(args['late-focus']) };
  if (late && (wait || warm)) throw new Error('--late-focus is a cold start of its own: not with --wait or --warm');
  const complete = args.complete === true;
  if (complete && warm) throw new Error('--complete is for the cold start: a warm one answers complete');
  const busy = Number(args.busy ?? 0);
  const builds = [
    {
      name: 'this build',
      script: resolve(__dirname, '../dist/engine.js'),
      cache: join(caches, 'this'),
      ask: late ?? ((wait ? { wait } : { delayMs }) as Ask),
      starts: [] as Start[],
    },
    {
      name: 'baseline',
      script: resolve(String(args.baseline), 'dist/engine.js'),
      cache: join(caches, 'baseline'),
      ask: late ?? ((baselineWaits ? { wait } : { delayMs }) as Ask),
      starts: [] as Start[],
    },
  ];
  /** Where a build's cold start leaves the database its warm starts open. */
  const warmDb = (b: (typeof builds)[number]) => `${b.cache}.sqlite`;
  const start = async (b: (typeof builds)[number]) => {
    const stop = busyLoops(busy);
    try {
      return await (warm ? warmStart(b.script, b.cache, root, focus, warmDb(b)) : coldStart(b.script, b.cache, root, focus, b.ask, complete));
    } finally {
      stop();
    }
  };
  try {
    for (const b of builds) {
      if (warm) await writeDatabase(b.script, b.cache, root, focus, warmDb(b));
      await start(b); // writes the compile cache
    }
    for (let i = 0; i < runs; i++) {
      for (const b of i % 2 === 0 ? builds : [...builds].reverse()) b.starts.push(await start(b));
    }
  } finally {
    rmSync(caches, { recursive: true, force: true });
  }
  const how = warm
    ? 'each build on the database its cold start wrote, asked once its index answers'
    : late
      ? `the index asked with no focus, the focus given ${late.lateMs} ms later and its ranking waiting in the engine`
      : wait
        ? baselineWaits
          ? "each build's request waiting in the engine"
          : `this build's request waiting in the engine, the baseline's ${delayMs} ms after the change event`
        : `request ${delayMs} ms after the change event`;
  const what = warm ? 'ranking' : 'partial ranking';
  console.log(
    `${warm ? 'warm first ranking' : 'cold first partial ranking'} of ${args.open} in ${root}, ${how}; ms from ${late ? 'the focus (ready: from the fork)' : 'the fork'}`,
  );
  for (const b of builds) {
    const ready = b.starts.map((s) => s.readyMs);
    const answers = b.starts.map((s) => s.answerMs);
    const completes = b.starts.flatMap((s) => (s.completeMs === undefined ? [] : [s.completeMs]));
    console.log(
      `${b.name.padEnd(11)} ready ${ready.map(Math.round).join(' ')} (median ${Math.round(median(ready))}); ${what} ${answers.map(Math.round).join(' ')} (median ${Math.round(median(answers))})` +
        (completes.length > 0 ? `; complete ranking ${completes.map(Math.round).join(' ')} (median ${Math.round(median(completes))})` : ''),
    );
  }
  if (complete) {
    const completeRatio = median(builds[0].starts.map((s) => s.completeMs!)) / median(builds[1].starts.map((s) => s.completeMs!));
    console.log(`complete ranking, this build / baseline: ${completeRatio.toFixed(2)}x${busy > 0 ? `, ${busy} busy loop(s) beside each start` : ''}`);
  }
  const ratio = median(builds[0].starts.map((s) => s.answerMs)) / median(builds[1].starts.map((s) => s.answerMs));
  console.log(
    `${what}, this build / baseline: ${ratio.toFixed(2)}x; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
