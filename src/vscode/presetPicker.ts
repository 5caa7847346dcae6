/**
 * "Related Files: Choose Ranking Preset…": a quick pick of the presets, each with its weights, that
 * writes `relatedFiles.preset` (the configuration listener then re-ranks). `default` also shows the
 * weights tuned on this repository's own history: their held-back figures against `default`, and
 * whether they rank in its place.
 */
import * as vscode from 'vscode';
import { SIGNAL_NAMES, type Weights } from '../core/ranking';
import { PRESET_DESCRIPTIONS, PRESET_NAMES, type PresetName } from '../core/presets';
import { SETTINGS_SECTION } from './settings';
import { describeWorkspaceWeights } from '../core/workspaceWeights';
import type { FolderWeights } from '../engineApi';

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

/**
 * One item per preset. `tuned`: the folders' tuning outcomes (empty when the setting is off or
 * nothing was tuned yet); the first folder with one adds its figures to `default`, and its weights
 * when they were adopted (those are the ones `default` ranks with).
 */
export function presetItems(
  current: PresetName,
  presetWeights: (name: PresetName) => Weights | undefined,
  tuned: readonly FolderWeights[] = [],
): PresetItem[] {
  const folder = tuned.find((f) => f.outcome);
  return PRESET_NAMES.map((preset) => {
    const outcome = preset === 'default' ? folder?.outcome : undefined;
    const weights = outcome?.adopted ? outcome.weights : presetWeights(preset);
    const figures =
      outcome &&
      `${tuned.length > 1 ? `${basename(folder!.root)}: ` : ''}${describeWorkspaceWeights(outcome)}${folder!.stale ? ' (new commits since)' : ''}`;
    const detail = weights ? describeWeights(weights) : undefined;
    return {
      preset,
      label: preset === current ? `$(check) ${preset}` : preset,
      description: PRESET_DESCRIPTIONS[preset],
      detail: figures ? [figures, detail].filter(Boolean).join(' — ') : detail,
    };
  });
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** Shows the picker (or applies `preset` directly when given, e.g. from a keybinding's args). */
export async function choosePreset(
  current: PresetName,
  presetWeights: (name: PresetName) => Weights | undefined,
  preset?: string,
  tuned: () => Promise<readonly FolderWeights[]> = async () => [],
): Promise<PresetName | undefined> {
  let chosen = PRESET_NAMES.find((p) => p === preset);
  if (!chosen) {
    const item = await vscode.window.showQuickPick(presetItems(current, presetWeights, await tuned()), {
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
