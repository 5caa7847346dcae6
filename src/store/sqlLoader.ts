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
import { setFlagsFromString } from 'node:v8';
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

/**
 * SQLite's WebAssembly on V8's baseline compiler alone. V8 compiles wasm with its baseline compiler and then,
 * for the functions it finds hot, with its optimising compiler on background threads; for sql.js that second
 * compile cost more CPU than it saved. At 6k files, outside VS Code: a cold engine start took ~0.75 s less of
 * the process's CPU and its index answered sooner; `related-files rank` on a new database 3.0–3.3 s against
 * 3.5–4.1 s; the store's saves and loads after the first were as fast
 * (docs/ARCHITECTURE.md, "Engine process"). On two cores that CPU is taken from the workbench and the extension host.
 *
 * V8's flags are the whole process's: called by the entries of processes of our own (the engine's child
 * process, the CLI), never in the extension host, before sql.js is compiled. A V8 without the flag says so on
 * stderr and runs on.
 */
export function sqlOnBaselineCompilerOnly(): void {
  setFlagsFromString('--liftoff-only');
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
