import * as assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { findSqlWasm, WASM_FILE } from '../../../src/store/sqlLoader';
import { tempDir } from './helpers';

describe('store: sqlLoader', () => {
  it('prefers the wasm beside the bundle, else the installed package', () => {
    const tmp = tempDir('rf-wasm-');
    try {
      assert.match(findSqlWasm(tmp.dir), /node_modules\/sql\.js\/dist\/sql-wasm\.wasm$/);
      copyFileSync(findSqlWasm(tmp.dir), join(tmp.dir, WASM_FILE));
      assert.equal(findSqlWasm(tmp.dir), join(tmp.dir, WASM_FILE));
    } finally {
      tmp.dispose();
    }
  });
});
