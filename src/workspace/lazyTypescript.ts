/**
 * TypeScript on first use, for the bundles. esbuild.config.mjs puts TypeScript (the copy ts-morph
 * ships) in a bundle of its own, dist/typescript.js, and gives the engine, CLI and index-worker
 * bundles, for every `import { ts } from 'ts-morph'`, a module whose `ts` is a getter calling
 * `loadTypescript`: the first read requires that bundle (~10 MB to parse, ~0.8 s of CPU). The engine
 * reaches 'ready', a warm start that extracts and resolves nothing ranks, and a cold index whose configs
 * and imports need no answer of TypeScript's (compilerOptions.ts, listingResolver.ts) ranks, without it.
 * Run from sources (tests, tsx) the modules import ts-morph itself and nothing calls this.
 *
 * So nothing may read `ts` while a module loads (a constant built from `ts.SyntaxKind` at the top of
 * a file): that would load TypeScript with the bundle again.
 */
import { join } from 'node:path';
import type { PerformanceMark } from 'node:perf_hooks';
import type { ts as TypeScript } from 'ts-morph';

/** Next to the bundle that requires it (dist/). */
export const TYPESCRIPT_BUNDLE = 'typescript.js';

/** The performance mark the first load leaves, with its duration in `detail.ms`. */
const TYPESCRIPT_LOADED_MARK = 'related-files:typescript-loaded';

let loaded: typeof TypeScript | undefined;

export function loadTypescript(): typeof TypeScript {
  if (loaded === undefined) {
    const started = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the point: a require at first use, not an import at load
    loaded = require(join(__dirname, TYPESCRIPT_BUNDLE)) as typeof TypeScript;
    performance.mark(TYPESCRIPT_LOADED_MARK, { detail: { ms: performance.now() - started } });
  }
  return loaded;
}

/** How long this process took to load TypeScript through `loadTypescript`; undefined while it has not. */
export function typescriptLoadMs(): number | undefined {
  const mark = performance.getEntriesByName(TYPESCRIPT_LOADED_MARK)[0] as PerformanceMark | undefined;
  return (mark?.detail as { ms?: number } | undefined)?.ms;
}
