/**
 * fileType: what kind of file the candidate is, as a prior: source 1.0, types 0.8, config 0.6,
 * test 0.4, docs 0.2, asset 0 are the seed design's values, kept with the seed baseline (every
 * TS/JS file has one of these kinds). The other kinds are placed between them, not yet measured
 * (the eval over all files will say): notebooks are code one runs (0.8, as types); stylesheets and
 * markup are edited with the component or page they belong to, and opened after it (0.6, as
 * config); data files are read rather than edited (0.2, as docs).
 */
import { defineSignal } from './signal';
import { FILE_KINDS, type FileKind } from '../fileKind';

export const FILE_TYPE_VALUE: Readonly<Record<FileKind, number>> = {
  source: 1.0,
  types: 0.8,
  config: 0.6,
  test: 0.4,
  docs: 0.2,
  styles: 0.6,
  markup: 0.6,
  data: 0.2,
  notebook: 0.8,
  asset: 0,
};

/** FILE_TYPE_VALUE by FILE_KINDS index, for the per-file loop. */
const VALUE_BY_INDEX = Float64Array.from(FILE_KINDS.map((k) => FILE_TYPE_VALUE[k]));

const DESCRIPTION: Readonly<Record<FileKind, string>> = {
  source: 'source file',
  types: 'type declarations',
  config: 'configuration file',
  test: 'test file',
  docs: 'documentation',
  styles: 'stylesheet',
  markup: 'page or template markup',
  data: 'data file',
  notebook: 'notebook',
  asset: 'asset or other non-code file',
};

export const fileTypeSignal = defineSignal<undefined>({
  name: 'fileType',
  prepare: () => undefined,
  accumulate(_state, scope, weight, scores) {
    const kindIndex = scope.table.kindIndex;
    const ids = scope.table.ids;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const v = VALUE_BY_INDEX[kindIndex[id]];
      if (v > 0) scores[id] += weight * v;
    }
  },
  evaluate(_state, scope, id) {
    const kind = scope.table.kind[id];
    return { value: FILE_TYPE_VALUE[kind], evidence: DESCRIPTION[kind] };
  },
});
