/**
 * The database schema, as an ordered list of migrations. `meta.schema_version` says how far a
 * database has come; opening runs the missing steps in one transaction. A database from a newer
 * version of the product (a version above SCHEMA_VERSION) is not ours to guess at: the store sets
 * it aside and starts fresh.
 *
 * Paths are relative to their root folder with '/' separators; `root` is the absolute folder, so
 * one database file holds every folder of a multi-root workspace. Times are epoch milliseconds.
 */
import type { Database } from 'sql.js';

export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'files, dependencies, commits, activity, tasks, ranking log',
    statements: [
      `CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      `CREATE TABLE files (
         root TEXT NOT NULL, path TEXT NOT NULL, size INTEGER NOT NULL, mtime_ms REAL NOT NULL,
         hash TEXT NOT NULL, kind TEXT, loose TEXT, PRIMARY KEY (root, path)) WITHOUT ROWID`,
      // files.loose: the file's imports that are not edges (JSON [{specifier, kind, outcome}]); a warm
      // start needs them to know which imports a newly created file could satisfy.
      // No primary key: one row per (from, to, specifier); rows go and come with their source file.
      `CREATE TABLE file_dependencies (
         root TEXT NOT NULL, from_path TEXT NOT NULL, to_path TEXT NOT NULL, specifier TEXT NOT NULL, kind TEXT NOT NULL)`,
      `CREATE INDEX file_dependencies_from ON file_dependencies (root, from_path)`,
      // Commits keep their file list as one newline-joined column. Against a commit_files row per
      // (commit, file), 20k commits / 115k file references measured about even or better in two
      // runs of bench/history.ts (insert 0.56-0.68 s vs 0.64-1.0 s CPU, load 0.21-0.22 s vs
      // 0.24-0.29 s) with one row per commit instead of six; renames rewrite whole rows, rarely.
      `CREATE TABLE commits (
         seq INTEGER PRIMARY KEY, root TEXT NOT NULL, sha TEXT NOT NULL, time INTEGER NOT NULL,
         author TEXT NOT NULL, files TEXT NOT NULL)`,
      `CREATE INDEX commits_root ON commits (root, seq)`,
      `CREATE TABLE history_state (root TEXT PRIMARY KEY, head TEXT NOT NULL, user_email TEXT, read_at INTEGER NOT NULL)`,
      `CREATE TABLE file_activity (
         root TEXT NOT NULL, path TEXT NOT NULL, last_viewed INTEGER, last_edited INTEGER,
         view_count INTEGER NOT NULL DEFAULT 0, edit_count INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (root, path)) WITHOUT ROWID`,
      `CREATE TABLE activity_events (time INTEGER NOT NULL, root TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL)`,
      `CREATE INDEX activity_events_root_time ON activity_events (root, time)`,
      `CREATE TABLE tasks (
         id TEXT PRIMARY KEY, name TEXT NOT NULL, started_at INTEGER NOT NULL, ended_at INTEGER,
         active INTEGER NOT NULL, implicit INTEGER NOT NULL)`,
      `CREATE TABLE task_explored_files (
         task_id TEXT NOT NULL, root TEXT NOT NULL, path TEXT NOT NULL, first_at INTEGER NOT NULL, last_at INTEGER NOT NULL,
         visits INTEGER NOT NULL, flagged INTEGER NOT NULL, PRIMARY KEY (task_id, root, path)) WITHOUT ROWID`,
      `CREATE TABLE ranking_log (
         id INTEGER PRIMARY KEY, time INTEGER NOT NULL, root TEXT, query_path TEXT NOT NULL, shown TEXT NOT NULL,
         opened_path TEXT, opened_at INTEGER)`,
    ],
  },
  {
    version: 2,
    description: 'agent log: answers given to agents and the file each agent read next',
    statements: [
      // returned: root-relative paths joined by newlines, best first; read_*: the first file read after the answer.
      `CREATE TABLE agent_log (
         id INTEGER PRIMARY KEY, time INTEGER NOT NULL, root TEXT NOT NULL, source TEXT NOT NULL, query_path TEXT NOT NULL,
         task_id TEXT, preset TEXT NOT NULL, returned TEXT NOT NULL, read_path TEXT, read_at INTEGER, read_kind TEXT)`,
      `CREATE INDEX agent_log_time ON agent_log (time)`,
    ],
  },
  {
    version: 3,
    description: "weights tuned on each folder's own git history, keyed by the HEAD they were tuned at",
    statements: [
      // outcome: JSON of WorkspaceWeights (src/core/workspaceWeights.ts): figures, weights, whether adopted.
      `CREATE TABLE workspace_weights (root TEXT PRIMARY KEY, head TEXT NOT NULL, tuned_at INTEGER NOT NULL, outcome TEXT NOT NULL)`,
    ],
  },
  {
    version: 4,
    description: "each folder's file records (sizes, hashes, resolved edges) as one row, read at once on a warm start",
    statements: [
      // records: JSON array of FileRecord (records.ts), the folder's whole index. A warm start reads it
      // in one JSON.parse: reading the same records as rows of files and file_dependencies cost ~10x
      // more through sql.js (each value crosses from wasm), ~0.35 s for 3k files and 5k edges.
      `CREATE TABLE folder_files (root TEXT PRIMARY KEY, records TEXT NOT NULL)`,
      // The rows become one record each (edges in the order they were written; a null kind or loose
      // left out, as the store wrote them; unreadable loose JSON dropped, so the file is read again).
      `INSERT INTO folder_files (root, records)
         SELECT f.root, json_group_array(json_patch(
           json_object('path', f.path, 'size', f.size, 'mtimeMs', f.mtime_ms, 'hash', f.hash,
             'edges', json((SELECT json_group_array(json_object('to', d.to_path, 'specifier', d.specifier, 'kind', d.kind) ORDER BY d.rowid)
                            FROM file_dependencies d WHERE d.root = f.root AND d.from_path = f.path))),
           json_object('kind', f.kind, 'loose', CASE WHEN json_valid(f.loose) THEN json(f.loose) END)))
         FROM files f GROUP BY f.root`,
      `DROP TABLE file_dependencies`,
      `DROP TABLE files`,
    ],
  },
  {
    version: 5,
    description: "history read again in full once: its two-year window now ends at HEAD's commit, not at the day it was read",
    statements: [
      // Without a stored head the next read is a full one and replaces each folder's commits; until then
      // the stored ones still rank. A head that never moves (a quiet repository) would keep the old window.
      `DELETE FROM history_state`,
    ],
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** The version a database is at: 0 for an empty one (no meta table yet). */
export function schemaVersionOf(db: Database): number {
  const hasMeta = db.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`);
  if (hasMeta.length === 0) {
    const anyTable = db.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1`);
    if (anyTable.length > 0) throw new Error('not a Related Files database (tables without a meta table)');
    return 0;
  }
  const rows = db.exec(`SELECT value FROM meta WHERE key = 'schema_version'`);
  const value = Number(rows[0]?.values[0]?.[0]);
  if (!Number.isInteger(value) || value < 1) throw new Error('meta table without a schema_version');
  return value;
}

/**
 * Brings `db` up to the last migration. Throws (and leaves the database untouched) on a database
 * from a future version or a failing step; the store then sets the file aside.
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): { from: number; to: number } {
  const target = migrations[migrations.length - 1].version;
  const from = schemaVersionOf(db);
  if (from > target) throw new Error(`schema version ${from} is newer than this version of Related Files knows (${target})`);
  if (from === target) return { from, to: target };
  db.run('BEGIN');
  try {
    for (const migration of migrations) {
      if (migration.version <= from) continue;
      for (const statement of migration.statements) db.run(statement);
    }
    db.run(`INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)`, [String(target)]);
    db.run('COMMIT');
  } catch (error) {
    db.run('ROLLBACK');
    throw error;
  }
  return { from, to: target };
}
