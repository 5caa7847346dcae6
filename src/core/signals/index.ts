/** Every signal, in SIGNAL_NAMES order (the order scores are summed in, which keeps them deterministic). */
import { SIGNAL_NAMES, type SignalName } from '../ranking';
import type { Signal } from './signal';
import { relationshipSignal } from './relationship';
import { proximitySignal } from './proximity';
import { recencySignal } from './recency';
import { taskContextSignal } from './taskContext';
import { fileTypeSignal } from './fileType';
import { centralitySignal } from './centrality';
import { coChangeSignal } from './coChange';
import { coChangeStrengthSignal } from './coChangeStrength';
import { recentCoChangeSignal } from './recentCoChange';
import { authorCoChangeSignal } from './authorCoChange';
import { directoryCoChangeSignal } from './directoryCoChange';
import { changeFrequencySignal } from './changeFrequency';
import { nameSimilaritySignal } from './nameSimilarity';
import { pathSimilaritySignal } from './pathSimilarity';
import { sameStemSignal } from './sameStem';
import { nameMatchSignal } from './nameMatch';
import { contentSimilaritySignal } from './contentSimilarity';
import { contentMatchSignal } from './contentMatch';

// Each signal prepares its own kind of state; the ranker only ever hands a signal the state it prepared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const BY_NAME: Readonly<Record<SignalName, Signal<any>>> = {
  relationship: relationshipSignal,
  proximity: proximitySignal,
  recency: recencySignal,
  taskContext: taskContextSignal,
  fileType: fileTypeSignal,
  centrality: centralitySignal,
  coChange: coChangeSignal,
  coChangeStrength: coChangeStrengthSignal,
  recentCoChange: recentCoChangeSignal,
  authorCoChange: authorCoChangeSignal,
  directoryCoChange: directoryCoChangeSignal,
  changeFrequency: changeFrequencySignal,
  nameSimilarity: nameSimilaritySignal,
  pathSimilarity: pathSimilaritySignal,
  sameStem: sameStemSignal,
  nameMatch: nameMatchSignal,
  contentSimilarity: contentSimilaritySignal,
  contentMatch: contentMatchSignal,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const SIGNALS: readonly Signal<any>[] = SIGNAL_NAMES.map((name) => BY_NAME[name]);
