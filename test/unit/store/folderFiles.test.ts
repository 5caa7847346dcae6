/**
 * The store's folder_files table (schema 4): a folder's file records as one row. A database of
 * schema 3, with the records as rows of files and file_dependencies, opens with the same records;
 * a row that is not a list of records reads as none (the folder is indexed again), with one warning.
 */
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Store } from '../../../src/store/database';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/store/schema';
import { loadSqlJs } from '../../../src/store/sqlLoader';
import type { FileRecord } from '../../../src/store/records';
import { recordingLog, tempDir } from './helpers';

const ROOT = '/ws';
const OTHER = '/other';

/** The records of schema 3 as its store wrote them: a null kind and loose left out, edges in written order. */
const RECORDS: FileRecord[] = [
  {
    path: 'src/a.ts',
    size: 10,
    mtimeMs: 1732983645123.4568,
    hash: 'h1',
    kind: 'ts',
    edges: [
      { to: 'src/c.ts', specifier: './c', kind: 'import' },
      { to: 'src/b.ts', specifier: './b', kind: 'type-only' },
    ],
    loose: [{ specifier: 'lodash', kind: 'import', outcome: 'external' }],
  },
  { path: 'src/b.ts', size: 20, mtimeMs: 2000, hash: 'h2', edges: [] },
  {
    path: 'README.md',
    size: 5,
    mtimeMs: 3000,
    hash: 'h3',
    kind: 'markdown',
    edges: [{ to: 'src/a.ts', specifier: 'src/a.ts', kind: 'link' }],
    loose: [],
  },
];

/** Writes `records` as schema 3 stored them, with raw SQL on the file (today's store writes schema 4 only). */
async function writeSchema3Rows(path: string, root: string, records: readonly FileRecord[], looseText?: string): Promise<void> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(readFileSync(path));
  for (const r of records) {
    const loose = looseText ?? (r.loose ? JSON.stringify(r.loose) : null);
    db.run('INSERT INTO files (root, path, size, mtime_ms, hash, kind, loose) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      root,
      r.path,
      r.size,
      r.mtimeMs,
      r.hash,
      r.kind ?? null,
      loose,
    ]);
    for (const e of r.edges)
      db.run('INSERT INTO file_dependencies (root, from_path, to_path, specifier, kind) VALUES (?, ?, ?, ?, ?)', [
        root,
        r.path,
        e.to,
        e.specifier,
        e.kind,
      ]);
  }
  writeFileSync(path, db.export());
  db.close();
}

function byPath(records: readonly FileRecord[]): FileRecord[] {
  return [...records].sort((a, b) => (a.path < b.path ? -1 : 1));
}

describe('store: folder files', () => {
  it('upgrades a schema-3 database: every folder keeps its records, the row tables go', async () => {
    const tmp = tempDir('rf-folderfiles-');
    try {
      const path = join(tmp.dir, 'v3.sqlite');
      const v3 = await Store.open(path, recordingLog(), { migrations: MIGRATIONS.filter((m) => m.version <= 3) });
      v3.logShown('src/a.ts', ['src/b.ts'], 5, ROOT);
      await v3.close();
      await writeSchema3Rows(path, ROOT, RECORDS);
      await writeSchema3Rows(path, OTHER, [{ path: 'x.py', size: 1, mtimeMs: 1, hash: 'x', kind: 'python', edges: [], loose: [] }]);

      const log = recordingLog();
      const now = await Store.open(path, log);
      assert.deepEqual(log.lines, []);
      assert.ok(SCHEMA_VERSION >= 4);
      assert.equal(now.getMeta('schema_version'), String(SCHEMA_VERSION));
      assert.deepEqual(now.loadFiles(ROOT), byPath(RECORDS), 'in path order, as the rows were read');
      assert.deepEqual(now.loadFiles(OTHER), [{ path: 'x.py', size: 1, mtimeMs: 1, hash: 'x', kind: 'python', edges: [], loose: [] }]);
      assert.deepEqual(now.roots(), [OTHER, ROOT]);
      assert.equal(now.rankingLog()[0].shown[0], 'src/b.ts', 'other tables keep their rows');
      await now.close();

      const SQL = await loadSqlJs();
      const db = new SQL.Database(readFileSync(path));
      const tables = db.exec(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('files', 'file_dependencies')`);
      db.close();
      assert.deepEqual(tables, [], 'the upgrade was saved without the row tables');
    } finally {
      tmp.dispose();
    }
  });

  it('an unreadable loose column of schema 3 drops that list only (the file is read again)', async () => {
    const tmp = tempDir('rf-folderfiles-');
    try {
      const path = join(tmp.dir, 'v3.sqlite');
      const v3 = await Store.open(path, recordingLog(), { migrations: MIGRATIONS.filter((m) => m.version <= 3) });
      v3.setMeta('written', 'yes');
      await v3.close();
      await writeSchema3Rows(path, ROOT, RECORDS.slice(0, 1), '{not json');
      const now = await Store.open(path, recordingLog());
      const { loose: _loose, ...rest } = RECORDS[0];
      assert.deepEqual(now.loadFiles(ROOT), [rest]);
      await now.close();
    } finally {
      tmp.dispose();
    }
  });

  it('round-trips records, optional fields left out, and keeps folders apart', async () => {
    const store = await Store.open(undefined, recordingLog());
    store.replaceFiles(ROOT, RECORDS);
    store.replaceFiles(OTHER, []);
    assert.deepEqual(store.loadFiles(ROOT), RECORDS);
    assert.deepEqual(store.loadFiles(OTHER), []);
    assert.deepEqual(store.loadFiles('/never'), []);
    await store.close();
  });

  it('a row that is not a list of records reads as none, with one warning', async () => {
    const tmp = tempDir('rf-folderfiles-');
    try {
      const path = join(tmp.dir, 'db.sqlite');
      const store = await Store.open(path, recordingLog());
      store.replaceFiles(ROOT, RECORDS);
      store.replaceFiles(OTHER, RECORDS);
      await store.close();
      const SQL = await loadSqlJs();
      const db = new SQL.Database(readFileSync(path));
      db.run(`UPDATE folder_files SET records = '[{"path": 1}]' WHERE root = ?`, [ROOT]);
      writeFileSync(path, db.export());
      db.close();

      const log = recordingLog();
      const again = await Store.open(path, log);
      assert.deepEqual(again.loadFiles(ROOT), []);
      assert.deepEqual(again.loadFiles(OTHER), RECORDS, 'the other folder is intact');
      assert.equal(log.lines.length, 1);
      assert.match(log.lines[0], /stored index of \/ws is unreadable/);
      await again.close();
    } finally {
      tmp.dispose();
    }
  });
});
