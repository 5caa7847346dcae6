/**
 * bench/typedSearch: the quick pick's typed search on a real repository's history. For sampled commits
 * (eval's sample), each query file of a commit stands for the open editor and one or two of the files changed
 * with it for the file the user goes to next; the user types the first N letters of that file's name into
 * "Files related to …". Prints, per N, where the file lands in the picker's list (the first --limit files,
 * the setting's default 20): MRR, Hit@1, Hit@5 and how often it is listed at all, for two orders of the same
 * ranking:
 *   ranking  the order the engine ranks (what the picker shows with the workbench's own sort turned off);
 *   label    that list as the workbench re-sorts it when the picker sorts by label: items whose name holds the
 *            typed text first, those among themselves by its file-name comparison (a name starting with the
 *            text, then shorter, then alphabetical), the rest after in ranking order. Modelled on the
 *            workbench's compareEntries / compareAnything; its fuzzy label match is taken as a contiguous
 *            substring, which is what a typed name prefix matches.
 * --name-weights a,b: also rank with nameMatch at these weights (the default preset otherwise), same queries.
 * Figures only; never pass/fail.
 *
 *   npx tsx bench/typedSearch.ts --repo DIR [--commits 100] [--seed 1] [--letters 1,2,3,4] [--targets 2] [--limit 20] [--name-weights 1,2]
 */
import { basename, resolve } from 'node:path';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { PRESET_COMBINERS, PRESETS } from '../src/core/presets';
import { seededRandom, shuffled } from '../src/core/seededRandom';
import { weightedRanker, type EvalRanker } from '../src/eval/baselines';
import { replayCommits } from '../src/tuning/commits/replayCommits';
import { searchTermsOf } from '../src/core/nameTokens';

const OPTIONS: Record<string, OptionSpec> = {
  repo: { type: 'string', description: 'repository (working tree or bare)' },
  commits: { type: 'number', description: 'commits to sample (default 100)' },
  seed: { type: 'number', description: 'seed of the sample and of the targets (default 1)' },
  letters: { type: 'string', description: 'letters typed, comma-separated (default 1,2,3,4)' },
  targets: { type: 'number', description: 'files typed for per query file (default 2)' },
  limit: { type: 'number', description: "the picker's list length (default 20, the setting's default)" },
  'name-weights': { type: 'string', description: 'more rankers: the default preset with nameMatch at these weights' },
};

interface Tally {
  queries: number;
  reciprocal: number;
  hit1: number;
  hit5: number;
  listed: number;
}

const args = parseArgs(process.argv.slice(2), OPTIONS).options;
const repo = resolve(String(args.repo ?? '.'));
const commits = Number(args.commits ?? 100);
const seed = Number(args.seed ?? 1);
const letters = String(args.letters ?? '1,2,3,4')
  .split(',')
  .map(Number);
const targetsPerQuery = Number(args.targets ?? 2);
const limit = Number(args.limit ?? 20);

/** What a user types: the name's first `n` letters and digits onwards from its first one (`_client.py`, 3: 'cli'). */
function typedPrefix(path: string, n: number): string | undefined {
  const name = basename(path).replace(/\.[^.]*$/, '');
  const start = name.search(/[\p{L}\p{N}]/u);
  if (start < 0 || name.length - start < n) return undefined;
  return name.slice(start, start + n).toLowerCase();
}

/** The workbench's comparison of file names: numbers by value, case ignored. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The workbench's order for a typed value when it sorts by label (see the header). */
function labelSorted(paths: readonly string[], typed: string): string[] {
  const look = typed.toLowerCase();
  const matches = (p: string) => basename(p).toLowerCase().includes(look);
  const compareNames = (a: string, b: string): number => {
    const x = basename(a).toLowerCase();
    const y = basename(b).toLowerCase();
    const px = x.startsWith(look);
    const py = y.startsWith(look);
    if (px !== py) return px ? -1 : 1;
    if (px && x.length !== y.length) return x.length - y.length;
    const sx = x.endsWith(look);
    const sy = y.endsWith(look);
    if (sx !== sy) return sx ? -1 : 1;
    return collator.compare(x, y) || x.localeCompare(y);
  };
  // Array.prototype.sort is stable: items without a label match keep the ranking's order.
  return [...paths].sort((a, b) => {
    const ma = matches(a);
    const mb = matches(b);
    if (ma !== mb) return ma ? -1 : 1;
    return ma ? compareNames(a, b) : 0;
  });
}

function tally(t: Tally, position: number): void {
  t.queries++;
  if (position < 0) return;
  t.listed++;
  t.reciprocal += 1 / (position + 1);
  if (position === 0) t.hit1++;
  if (position < 5) t.hit5++;
}

function row(name: string, t: Tally): string {
  const f = (x: number) => (t.queries ? x / t.queries : 0).toFixed(3);
  return `  ${name.padEnd(28)} MRR ${f(t.reciprocal)}  Hit@1 ${f(t.hit1)}  Hit@5 ${f(t.hit5)}  listed ${f(t.listed)}  (${t.queries})`;
}

async function main(): Promise<void> {
  const rankers: EvalRanker[] = [weightedRanker('default', PRESETS.default, { combiner: PRESET_COMBINERS.default })];
  for (const w of String(args['name-weights'] ?? '')
    .split(',')
    .filter(Boolean)) {
    rankers.push(weightedRanker(`nameMatch ${w}`, { ...PRESETS.default, nameMatch: Number(w) }, { combiner: PRESET_COMBINERS.default }));
  }
  const tallies = new Map<string, Tally>();
  const at = (key: string) => {
    let t = tallies.get(key);
    if (!t) tallies.set(key, (t = { queries: 0, reciprocal: 0, hit1: 0, hit5: 0, listed: 0 }));
    return t;
  };
  const random = seededRandom(seed);
  const started = performance.now();
  const stats = await replayCommits({ repo, commits, years: 2, seed }, (query) => {
    const targets = shuffled([...query.relevant].sort(), random).slice(0, targetsPerQuery);
    for (const target of targets) {
      for (const n of letters) {
        const typed = typedPrefix(target, n);
        if (typed === undefined) continue;
        const context = { ...query.context, searchTerms: searchTermsOf(typed) };
        for (const ranker of rankers) {
          const list = ranker.rank(context, query.facts, limit, query.isCandidate);
          tally(at(`${n}\0${ranker.name}\0ranking`), list.indexOf(target));
          tally(at(`${n}\0${ranker.name}\0label`), labelSorted(list, typed).indexOf(target));
        }
      }
    }
  });
  console.log(
    `bench/typedSearch on ${repo}: ${stats.sample.commits.length} commits, ${stats.queries} query files, up to ${targetsPerQuery} typed targets each, list of ${limit} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  for (const n of letters) {
    console.log(`\n${n} letter${n === 1 ? '' : 's'} typed`);
    for (const ranker of rankers) {
      for (const order of ['ranking', 'label'] as const) {
        const t = tallies.get(`${n}\0${ranker.name}\0${order}`);
        if (t) console.log(row(`${ranker.name}, ${order} order`, t));
      }
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
