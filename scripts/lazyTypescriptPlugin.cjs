// The esbuild plugin that keeps TypeScript out of a bundle until first use (src/workspace/lazyTypescript.ts).
// One definition for the product's bundles (esbuild.config.mjs) and the benches' (bench/bundled.ts), so a
// bench runs the product's code with TypeScript loaded as the product loads it.
const { dirname, join } = require('node:path');

/**
 * ts-morph's `ts` is the copy of TypeScript @ts-morph/common ships (its typescript.js), so that file alone
 * is the TypeScript bundle: 9.7 MB, against 13.6 MB with ts-morph's own code, which nothing here uses.
 */
const TYPESCRIPT_OF_TS_MORPH = require.resolve('@ts-morph/common/dist/typescript.js', {
  paths: [dirname(require.resolve('ts-morph/package.json'))],
});

/**
 * Gives every `import { ts } from 'ts-morph'` an object whose `ts` getter requires typescript.js next to the
 * bundle (lazyTypescript.ts), and resolves the entry `related-files:typescript` to that file. `importers`,
 * when given, limits the first to the files it accepts (a bench's own ts-morph stays ts-morph).
 */
function lazyTypescript(importers = () => true) {
  return {
    name: 'lazy-typescript',
    setup(build) {
      build.onResolve({ filter: /^ts-morph$/ }, (args) =>
        importers(args.importer) ? { path: 'ts-morph', namespace: 'lazy-typescript' } : undefined,
      );
      build.onResolve({ filter: /^related-files:typescript$/ }, () => ({ path: TYPESCRIPT_OF_TS_MORPH }));
      build.onLoad({ filter: /^ts-morph$/, namespace: 'lazy-typescript' }, () => ({
        contents: `const { loadTypescript } = require('./lazyTypescript');
module.exports = Object.defineProperty({}, 'ts', { enumerable: true, get: loadTypescript });`,
        loader: 'js',
        resolveDir: join(__dirname, '..', 'src', 'workspace'),
      }));
    },
  };
}

module.exports = { lazyTypescript, TYPESCRIPT_OF_TS_MORPH };
