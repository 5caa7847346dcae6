/**
 * `--weights coChange=0.5,recency=0` and `--preset NAME` as the CLI spells them. Names and values are
 * checked again by the ranker (which lists the valid names); here we only catch malformed text.
 */
import type { SignalName } from '../core/ranking';
import { PRESET_NAMES, type PresetName } from '../core/presets';
import { UsageError } from './args';

export function parseWeights(text: string | undefined): Partial<Record<SignalName, number>> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const weights: Record<string, number> = {};
  for (const pair of text.split(',')) {
    const [name, value, ...rest] = pair.split('=').map((s) => s.trim());
    if (!name || value === undefined || rest.length > 0) throw new UsageError(`--weights: '${pair}' is not name=value`);
    const number = Number(value);
    if (value === '' || !Number.isFinite(number)) throw new UsageError(`--weights: '${value}' is not a number (in '${pair}')`);
    weights[name] = number;
  }
  return weights as Partial<Record<SignalName, number>>;
}

export function parsePreset(text: string | undefined): PresetName | undefined {
  if (text === undefined) return undefined;
  if (!(PRESET_NAMES as readonly string[]).includes(text))
    throw new UsageError(`--preset: unknown preset '${text}'; valid: ${PRESET_NAMES.join(', ')}`);
  return text as PresetName;
}
