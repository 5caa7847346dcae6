import * as assert from 'node:assert/strict';
import { commandUsage, parseArgs, UsageError, type OptionSpec } from '../../../src/cli/args';
import { parsePreset, parseWeights } from '../../../src/cli/weightArgs';
import { captureConsole } from '../consoleCapture';

const SPEC: Record<string, OptionSpec> = {
  limit: { type: 'number', description: 'how many' },
  repo: { type: 'string', multiple: true, description: 'repeatable' },
  json: { type: 'boolean', description: 'json' },
  help: { type: 'boolean', description: 'help' },
};

describe('CLI arguments', () => {
  it('parses values, repeats, flags and positionals', () => {
    const { positionals, options } = parseArgs(['a.ts', '--limit', '5', '--repo=x', '--repo', 'y', '--json'], SPEC);
    assert.deepEqual(positionals, ['a.ts']);
    assert.deepEqual(options, { limit: 5, repo: ['x', 'y'], json: true });
  });

  it('refuses unknown options and missing or malformed values, naming the known ones', () => {
    assert.throws(
      () => parseArgs(['--limt', '5'], SPEC),
      (e: Error) => e instanceof UsageError && /--limit/.test(e.message),
    );
    assert.throws(() => parseArgs(['--limit'], SPEC), /needs a value/);
    assert.throws(() => parseArgs(['--limit', 'many'], SPEC), /takes a number/);
  });

  it('commandUsage prints help with exit 0 and usage errors with exit 2', async () => {
    const usage = commandUsage('demo', 'related-files demo [--limit N]', SPEC);
    const help = await captureConsole(() => usage.parse(['--help']));
    assert.equal(help.result, 0);
    assert.match(help.out, /usage: related-files demo/);
    const bad = await captureConsole(() => usage.parse(['--nope']));
    assert.equal(bad.result, 2);
    assert.match(bad.err, /^related-files demo: unknown option --nope/);
    const ok = await captureConsole(() => usage.parse(['--limit', '3']));
    assert.deepEqual(ok.result, { positionals: [], options: { limit: 3 } });
  });

  it('reads --weights and --preset, refusing malformed text', () => {
    assert.deepEqual(parseWeights('coChange=0.5, recency=0'), { coChange: 0.5, recency: 0 });
    assert.equal(parseWeights(undefined), undefined);
    assert.throws(() => parseWeights('coChange'), /name=value/);
    assert.throws(() => parseWeights('coChange=lots'), /not a number/);
    assert.equal(parsePreset('debugging'), 'debugging');
    assert.throws(() => parsePreset('fast'), /valid: default, seed-0.13, debugging, refactoring/);
  });
});
