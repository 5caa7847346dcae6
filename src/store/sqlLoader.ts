/**
 * Loads sql.js (SQLite compiled to WebAssembly) once per process, on first use.
 *
 * Activation must not pay for it: nothing here runs until a Store is opened. The wasm binary is
 * read from disk and handed over as bytes, so sql.js never tries a network fetch: next to the
 * running bundle (`dist/sql-wasm.wasm`, copied by esbuild.config.mjs) or, when running from
 * sources (tests, tsx), from the sql.js package itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlJsStatic } from 'sql.js';

export const WASM_FILE = 'sql-wasm.wasm';

/** Where the wasm binary is: beside the bundle first, then the installed package. */
export function findSqlWasm(bundleDir: string = __dirname): string {
  const beside = join(bundleDir, WASM_FILE);
  if (existsSync(beside)) return beside;
  // Through a variable: bundled, this fallback is never reached, and esbuild need not resolve it.
  const fromPackage = `sql.js/dist/${WASM_FILE}`;
  return require.resolve(fromPackage);
}

// One compiled module per process: compiling the wasm costs ~100 ms and the result is immutable,
// so sharing it is safe; every Store still owns its own Database.
let loading: Promise<SqlJsStatic> | undefined;

export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= (async () => {
    const { default: initSqlJs } = await import('sql.js');
    const wasm = readFileSync(findSqlWasm());
    return initSqlJs({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
