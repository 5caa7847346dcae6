/**
 * `related-files rank <file>`: the ranked list for one file, from the same engine the extension uses.
 * Human output: one line per file with score and its two strongest reasons. `--json`: RankedFile objects
 * plus timings (index, history, rank in ms).
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { commandUsage, type OptionSpec } from './args';
import { chooseRoot, openCliEngine, rootProblem, CLI_ENGINE_OPTIONS } from './cliEngine';
import { parseWeights, parsePreset } from './weightArgs';
import { VERBOSE_OPTION, warningSink } from './warningSink';
import { topReasons } from '../core/explain';
import { translationsNote } from '../core/translations';
import { PRESET_NAMES, resolveWeights } from '../core/presets';
import { DEFAULT_LIMIT } from '../core/ranker';
import { errorMessage } from '../core/errorMessage';
import { isWithin } from '../workspace/safePath';

const OPTIONS: Record<string, OptionSpec> = {
  ...CLI_ENGINE_OPTIONS,
  limit: { type: 'number', integer: true, min: 1, description: `how many files to show (default ${DEFAULT_LIMIT})` },
  preset: { type: 'string', description: PRESET_NAMES.join(' | ') },
  weights: { type: 'string', description: 'weight overrides, e.g. coChange=0.5,recency=0' },
  terms: { type: 'string', description: 'search words for the nameMatch and contentMatch signals, e.g. "auth token"' },
  task: { type: 'string', description: 'what you are doing, in a sentence, for the contentMatch signal' },
  json: { type: 'boolean', description: 'print RankedFile objects and timings as JSON' },
  verbose: VERBOSE_OPTION,
  help: { type: 'boolean', description: 'show this help' },
};

const USAGE =
  'related-files rank <file> [--root DIR] [--db PATH] [--limit N] [--preset NAME] [--weights a=1,b=0.5] [--default-weights] [--terms "words"] [--task "sentence"] [--json] [--verbose]';

const usage = commandUsage('rank', USAGE, OPTIONS);

/**
 * The file a path names: from the current folder, as a shell gives it; failing that, with --root, from the
 * root (`rank src/app.py --root ../repo`, a path as the repository writes it). Undefined when neither exists.
 */
function fileToRank(given: string, root: string | undefined): string | undefined {
  const here = resolve(given);
  if (existsSync(here)) return here;
  if (root === undefined || isAbsolute(given)) return undefined;
  const inRoot = resolve(root, given);
  return existsSync(inRoot) ? inRoot : undefined;
}

export function run(args: string[]): Promise<number> {
  return usage.guard(() => rank(args));
}

async function rank(args: string[]): Promise<number> {
  const parsed = usage.parse(args);
  if (typeof parsed === 'number') return parsed;
  const { positionals, options } = parsed;
  if (positionals.length !== 1) return usage.error('rank takes exactly one file');
  let weights, preset;
  try {
    weights = parseWeights(options.weights as string | undefined);
    preset = parsePreset(options.preset as string | undefined);
    resolveWeights(preset, weights); // an unknown signal or a negative weight, refused before the folder is indexed
  } catch (error) {
    return usage.error(errorMessage(error));
  }
  const limit = options.limit === undefined ? 20 : Number(options.limit);
  // Before the file, which is looked for in the root too: a mistyped root is the problem to name.
  const rootError = typeof options.root === 'string' ? rootProblem(options.root) : undefined;
  if (rootError !== undefined) return usage.fail(rootError);
  const file = fileToRank(positionals[0], options.root as string | undefined);
  if (file === undefined)
    return usage.fail(`${positionals[0]} does not exist${options.root === undefined ? '' : ` here or in ${String(options.root)} (--root)`}`);
  if (statSync(file).isDirectory()) return usage.fail(`${positionals[0]} is a folder; rank takes a file`);
  const root = chooseRoot(options.root, file);
  // Refused before indexing: the folder chosen from a file outside any repository is the current one.
  if (!isWithin(realpathSync(root), realpathSync(file)))
    return usage.fail(`${positionals[0]} is outside ${root}${options.root === undefined ? '' : ' (--root)'}`);

  // A checkout's problems (tsconfigs extending uninstalled packages, say) often repeat per package: one line per cause.
  const warnings = warningSink(Boolean(options.verbose));
  const { engine, timings } = await openCliEngine({ ...options, root }, { quiet: Boolean(options.json), warn: warnings.log }).finally(() =>
    warnings.flush(),
  );
  try {
    const answer = engine.rank({
      file,
      limit,
      preset,
      weights,
      searchTerms: typeof options.terms === 'string' ? options.terms.split(/\s+/).filter(Boolean) : undefined,
      task: typeof options.task === 'string' ? options.task : undefined,
    });
    if (options.json) {
      console.log(
        JSON.stringify(
          { root: answer.root, query: file, note: answer.note, files: answer.files, timings: { ...timings, rank: round(answer.ms) } },
          null,
          2,
        ),
      );
      return answer.root && !(answer.files.length === 0 && answer.note) ? 0 : 1;
    }
    // No list and a note: the file cannot be ranked (outside the folder, not in the index); that is a failure.
    if (answer.files.length === 0 && answer.note) return usage.fail(answer.note);
    if (answer.note) console.error(answer.note);
    if (!answer.root) return 1;
    const width = Math.max(10, ...answer.files.map((f) => f.path.length));
    answer.files.forEach((f, i) => {
      const reasons = topReasons(f, 2)
        .map((r) => r.evidence)
        .join('; ');
      const translations = translationsNote(f);
      console.log(
        `${String(i + 1).padStart(3)}. ${f.path.padEnd(width)}  ${f.score.toFixed(3)}  ${reasons}${translations ? ` (${translations})` : ''}`,
      );
    });
    console.error(`ranked in ${round(answer.ms)} ms (index ${timings.index} ms, history ${timings.history} ms)`);
    return 0;
  } finally {
    await engine.dispose();
    warnings.flush();
  }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
