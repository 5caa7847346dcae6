import * as assert from 'node:assert/strict';
import { engineOptionsFor, needsReindex, rankDefaultsFor, readSettings } from '../../../src/vscode/settings';

const reader = (values: Record<string, unknown>) => ({ get: <T>(key: string) => values[key] as T | undefined });

describe('settings', () => {
  it('uses defaults for missing or invalid values', () => {
    const s = readSettings(reader({ preset: 'nope', limit: -3, recencyHalfLifeMinutes: 0, exclude: 'x', 'weights.coChange': -1 }));
    assert.deepEqual(s, {
      preset: 'default',
      weights: {},
      limit: 20,
      exclude: [],
      recencyHalfLifeMinutes: 120,
      historyEnabled: true,
      recordSessions: false,
      logAgents: true,
      tuningEnabled: true,
    });
  });

  it('tunes on the workspace only when relatedFiles.tuning.enabled, history and trust allow; off also stops using tuned weights', () => {
    const on = engineOptionsFor(readSettings(reader({})), true);
    assert.equal(on.tuneWorkspace, true);
    assert.equal(on.workspaceWeights, true);
    const off = engineOptionsFor(readSettings(reader({ 'tuning.enabled': false })), true);
    assert.equal(off.tuneWorkspace, false);
    assert.equal(off.workspaceWeights, false);
    assert.equal(engineOptionsFor(readSettings(reader({})), false).tuneWorkspace, false, 'restricted mode');
    assert.equal(engineOptionsFor(readSettings(reader({ 'history.enabled': false })), true).tuneWorkspace, false, 'history off');
  });

  it('turns the agent log off only when relatedFiles.log.agents is false', () => {
    assert.equal(engineOptionsFor(readSettings(reader({ 'log.agents': false })), true).logAgents, false);
    assert.equal(engineOptionsFor(readSettings(reader({ 'log.agents': 'no' })), true).logAgents, true);
  });

  it('maps weights, preset, limit and history onto engine options and rank requests', () => {
    const s = readSettings(
      reader({
        preset: 'debugging',
        limit: 50.7,
        'weights.coChange': 0.5,
        'weights.recency': null,
        'history.enabled': false,
        exclude: ['**/gen/**', 3],
      }),
    );
    assert.deepEqual(s.weights, { coChange: 0.5 });
    assert.equal(s.limit, 50);
    assert.deepEqual(s.exclude, ['**/gen/**']);
    assert.deepEqual(rankDefaultsFor(s), { limit: 50, preset: 'debugging', weights: { coChange: 0.5 } });
    const o = engineOptionsFor(s, true);
    assert.equal(o.historyEnabled, false);
    assert.equal(o.historyOffReason, 'off in settings');
  });

  it('turns git history off in restricted mode and says why', () => {
    const o = engineOptionsFor(readSettings(reader({})), false);
    assert.equal(o.historyEnabled, false);
    assert.equal(o.historyOffReason, 'off in restricted mode');
  });

  it('reindexes only when the file set or history changes', () => {
    const a = readSettings(reader({}));
    assert.equal(needsReindex(a, readSettings(reader({ preset: 'refactoring' }))), false);
    assert.equal(needsReindex(a, readSettings(reader({ exclude: ['x/**'] }))), true);
    assert.equal(needsReindex(a, readSettings(reader({ 'history.enabled': false }))), true);
  });
});
