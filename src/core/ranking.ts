/**
 * The shapes of a ranking answer, shared by the ranker and every face (tree view, quick pick,
 * hover, CLI, MCP, LM tool).
 */

/** Every signal the ranker knows, in display order. docs/RANKING.md, "Signals" describes each. */
export const SIGNAL_NAMES = [
  'relationship',
  'proximity',
  'recency',
  'taskContext',
  'fileType',
  'centrality',
  'coChange',
  'coChangeStrength',
  'recentCoChange',
  'authorCoChange',
  'directoryCoChange',
  'changeFrequency',
  'nameSimilarity',
  'pathSimilarity',
  'sameStem',
  'nameMatch',
  'contentSimilarity',
  'contentMatch',
] as const;

export type SignalName = (typeof SIGNAL_NAMES)[number];

export type Weights = Readonly<Record<SignalName, number>>;

/** One signal's verdict on one candidate. value in [0, 1]; 0 when there is no evidence, and evidence says why. */
export interface SignalValue {
  readonly value: number;
  readonly evidence: string;
}

export interface RankedFile {
  /** Relative to the ranked root, '/' separators. */
  readonly path: string;
  readonly score: number;
  readonly signals: Readonly<Record<SignalName, number>>;
  /** weight x value per signal. */
  readonly contributions: Readonly<Record<SignalName, number>>;
  readonly evidence: Readonly<Record<SignalName, string>>;
  /** The same document in other languages, folded into this file's place (translations.ts), best first; absent when none. */
  readonly translations?: readonly string[];
}
