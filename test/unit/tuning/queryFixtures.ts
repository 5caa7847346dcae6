/** Hand-made query features for the weight searches' tests. */
import type { QueryFeatures } from '../../../src/tuning/queryFeatures';

/** One query over 12 rows with two signals: column 1 marks the relevant row, column 0 a decoy. */
export function decoyQuery(i: number): QueryFeatures {
  const rows = 12;
  const values = new Float32Array(rows * 2);
  const relevant = new Uint8Array(rows);
  const target = i % rows;
  for (let r = 0; r < rows; r++) {
    values[r * 2] = r === target ? 0 : 0.2 * (1 - r / rows); // the decoy scores every row but the relevant one
    values[r * 2 + 1] = r === target ? 1 : 0.1;
  }
  relevant[target] = 1;
  return { repo: 0, sampleIndex: i, hasHistory: true, relevantCount: 1, rows, values, relevant };
}
