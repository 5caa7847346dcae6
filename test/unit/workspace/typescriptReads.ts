/**
 * Run by typescriptOnDemand.test.ts in a process of its own: indexes the folder given on the command line with
 * every `ts` read from 'ts-morph' counted (the bundles load TypeScript at the first such read, lazyTypescript.ts),
 * and prints the count and the edges as JSON.
 */
import Module from 'node:module';

let reads = 0;
const modules = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = modules._load;
modules._load = function (request: string, ...rest: unknown[]) {
  const loaded = load.call(this, request, ...rest);
  if (request !== 'ts-morph') return loaded;
  const real = loaded as { ts: unknown };
  return {
    get ts() {
      reads++;
      return real.ts;
    },
  };
};

// Loaded after the hook, so that the index's modules get the counting 'ts-morph'.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { indexOf, edges } = require('./helpers') as typeof import('./helpers');

void indexOf(process.argv[2]).then(({ index }) => {
  process.stdout.write(JSON.stringify({ reads, edges: edges(index).length }));
});
