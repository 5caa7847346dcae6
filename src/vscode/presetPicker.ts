/**
 * "Related Files: Choose Ranking Preset…": a quick pick of the presets, each with its weights, that
 * writes `relatedFiles.preset` (the configuration listener then re-ranks).
 */
import * as vscode from 'vscode';
import { SIGNAL_NAMES, type Weights } from '../core/ranking';
import { PRESET_DESCRIPTIONS, PRESET_NAMES, type PresetName } from '../core/presets';
import { SETTINGS_SECTION } from './settings';

/** "coChange 0.40 · relationship 0.20 · …": non-zero weights, largest first. */
export function describeWeights(weights: Weights): string {
  return SIGNAL_NAMES.filter((s) => weights[s] > 0)
    .sort((a, b) => weights[b] - weights[a])
    .map((s) => `${s} ${weights[s].toFixed(2)}`)
    .join(' · ');
}

export interface PresetItem extends vscode.QuickPickItem {
  readonly preset: PresetName;
}

export function presetItems(current: PresetName, presetWeights: (name: PresetName) => Weights | undefined): PresetItem[] {
  return PRESET_NAMES.map((preset) => {
    const weights = presetWeights(preset);
    return {
      preset,
      label: preset === current ? `$(check) ${preset}` : preset,
      description: PRESET_DESCRIPTIONS[preset],
      detail: weights ? describeWeights(weights) : undefined,
    };
  });
}

/** Shows the picker (or applies `preset` directly when given, e.g. from a keybinding's args). */
export async function choosePreset(
  current: PresetName,
  presetWeights: (name: PresetName) => Weights | undefined,
  preset?: string,
): Promise<PresetName | undefined> {
  let chosen = PRESET_NAMES.find((p) => p === preset);
  if (!chosen) {
    const item = await vscode.window.showQuickPick(presetItems(current, presetWeights), {
      title: 'Related Files: ranking preset',
      placeHolder: `Current: ${current}. Settings relatedFiles.weights.* override single weights.`,
      matchOnDescription: true,
    });
    chosen = item?.preset;
  }
  if (!chosen) return undefined;
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  // Workspace setting when a folder is open: a preset is usually about this project's kind of work.
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update('preset', chosen, target);
  return chosen;
}
