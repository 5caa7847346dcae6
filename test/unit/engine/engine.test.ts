/**
 * The engine end to end on a small workspace the test writes: index, rank, unsaved edits,
 * creates and deletes, memory that survives a restart, a corrupt database, paths outside the
 * workspace. Every face relies on these behaviours.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine, TYPING_PAUSE_MS } from '../../../src/engine';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import type { Logger } from '../../../src/engineApi';
import { writeWorkspace } from './workspaceFixture';

const FILES: Record<string, string> = {
  'src/auth/token.ts': "export const token = () => 'secret';\n",
  'src/auth/login.ts': "import { token } from './token';\nexport function login() { return token(); }\n",
  'src/app.ts': "import { login } from './auth/login';\nlogin();\n",
  'src/util/format.ts': 'export const format = (s: string) => s.trim();\n',
  'src/util/parse.ts': 'export const parse = (s: string) => JSON.parse(s);\n',
  'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
};

function git(root: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { cwd: root, stdio: 'ignore' });
}

/** The fixture as a repository of one commit (with `gitignore` as its .gitignore when given). */
function commitAll(root: string, gitignore?: string): void {
  if (gitignore !== undefined) writeFileSync(join(root, '.gitignore'), gitignore);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'init');
}

/** A repository of the fixture whose second commit changes login.ts and parse.ts together (co-change, no import). */
function commitLoginAndParseTogether(root: string): void {
  commitAll(root);
  writeFileSync(join(root, 'src/auth/login.ts'), FILES['src/auth/login.ts'] + '// v2\n');
  writeFileSync(join(root, 'src/util/parse.ts'), FILES['src/util/parse.ts'] + '// v2\n');
  git(root, 'commit', '-qam', 'login and parse change together');
}

function collectingLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(`warn: ${m}`), error: (m) => lines.push(`error: ${m}`) };
}

/**
 * Records the engine's questions to its folders' hosts about created paths (DiskSourceHost.ignored);
 * `answer` replaces git's answer. `restore` puts the host's own method back.
 */
function askedIgnored(answer?: (rels: readonly string[]) => Promise<ReadonlySet<string>>): { questions: string[][]; restore(): void } {
  const own = DiskSourceHost.prototype.ignored;
  const questions: string[][] = [];
  DiskSourceHost.prototype.ignored = function (this: DiskSourceHost, rels) {
    questions.push([...rels].sort());
    return answer ? answer(rels) : own.call(this, rels);
  };
  return { questions, restore: () => (DiskSourceHost.prototype.ignored = own) };
}

describe('Engine', () => {
  let root: string;
  let dbDir: string;
  const engines: Engine[] = [];

  async function open(options: { db?: boolean; now?: () => number } = {}): Promise<Engine> {
    const engine = await Engine.create({
      roots: [root],
      dbPath: options.db === false ? undefined : join(dbDir, 'related.sqlite'),
      log: collectingLog(),
      now: options.now,
    });
    engines.push(engine);
    return engine;
  }

  beforeEach(() => {
    root = writeWorkspace(FILES);
    dbDir = mkdtempSync(join(tmpdir(), 'rf-engine-db-'));
  });

  afterEach(async () => {
    for (const e of engines.splice(0)) await e.dispose();
    rmSync(root, { recursive: true, force: true });
    rmSync(dbDir, { recursive: true, force: true });
  });

  it('indexes the folder and ranks import neighbours first, with evidence', async () => {
    const engine = await open({ db: false });
    const [stats] = await engine.index();
    assert.equal(stats.files, 6); // five sources and tsconfig.json: every file is a node
    assert.equal(stats.edges, 2);
    assert.equal(engine.state, 'ready');
    const answer = engine.rank({ file: join(root, 'src/auth/login.ts') });
    assert.equal(answer.root, root);
    const paths = answer.files.map((f) => f.path);
    assert.deepEqual(paths.slice(0, 2).sort(), ['src/app.ts', 'src/auth/token.ts']);
    assert.ok(!paths.includes('src/auth/login.ts'), 'the query file is not a candidate');
    assert.match(answer.files[0].evidence.relationship, /import/);
  });

  it('follows unsaved text: a new import moves its target to the top', async () => {
    const engine = await open({ db: false });
    await engine.index();
    const query = join(root, 'src/app.ts');
    const before = engine.rank({ file: query }).files.map((f) => f.path);
    assert.notEqual(before[0], 'src/util/parse.ts');
    let changes = 0;
    engine.onDidChange(() => changes++);
    const changed = engine.updateFile(query, "import { login } from './auth/login';\nimport { parse } from './util/parse';\nlogin();\n");
    assert.equal(changed, true);
    assert.ok(changes > 0, 'listeners hear about the new import');
    assert.equal(
      engine.updateFile(query, "import { login } from './auth/login';\nimport { parse } from './util/parse';\nlogin(); // typing\n"),
      false,
    );
    const after = engine.rank({ file: query }).files;
    assert.deepEqual(
      after
        .slice(0, 2)
        .map((f) => f.path)
        .sort(),
      ['src/auth/login.ts', 'src/util/parse.ts'],
    );
  });

  it('answers the reference at an offset with absolute target paths, from the file on disk or unsaved text', async () => {
    writeFileSync(join(root, 'README.md'), 'Start with [login](src/auth/login.ts).\n');
    const engine = await open({ db: false });
    await engine.index();
    const readme = join(root, 'README.md');
    const saved = engine.referenceAt(readme, 'Start with [login]('.length + 2);
    assert.deepEqual(saved && { kind: saved.kind, targets: saved.targets }, { kind: 'link', targets: [join(root, 'src/auth/login.ts')] });
    const unsaved = 'See [format](src/util/format.ts)\n';
    assert.deepEqual(engine.referenceAt(readme, unsaved.indexOf('format.ts'), unsaved)?.targets, [join(root, 'src/util/format.ts')]);
    assert.equal(engine.referenceAt(readme, 1), undefined, 'no reference at the start of the line');
    assert.equal(engine.referenceAt(join(tmpdir(), 'elsewhere.md'), 0, '[x](./y.md)'), undefined, 'a file outside every folder');
  });

  it('drops deleted files and picks up created ones', async () => {
    const engine = await open({ db: false });
    await engine.index();
    rmSync(join(root, 'src/auth/token.ts'));
    await engine.fileDeleted(join(root, 'src/auth/token.ts'));
    assert.ok(!engine.listFiles(root).includes('src/auth/token.ts'));
    assert.ok(!engine.rank({ file: join(root, 'src/auth/login.ts'), limit: 50 }).files.some((f) => f.path === 'src/auth/token.ts'));

    writeFileSync(join(root, 'src/auth/session.ts'), "import { login } from './login';\nexport const s = login;\n");
    await engine.fileCreated(join(root, 'src/auth/session.ts'));
    const top = engine.rank({ file: join(root, 'src/auth/login.ts') }).files.map((f) => f.path);
    assert.ok(top.slice(0, 2).includes('src/auth/session.ts'), top.join(', '));
  });

  it('reads a file again when it changes on disk (a checkout, a tool, an agent writing it)', async () => {
    const engine = await open({ db: false });
    await engine.index();
    const format = join(root, 'src/util/format.ts');
    const related = () => engine.rank({ file: format, limit: 50 }).files.find((f) => f.path === 'src/util/parse.ts');
    const before = related()?.score ?? 0;
    writeFileSync(format, "import { parse } from './parse';\nexport const format = (s: string) => parse(s);\n");
    let changes = 0;
    engine.onDidChange(() => changes++);
    await engine.fileCreated(format); // what the extension sends for a change on disk
    assert.equal(changes, 1);
    const after = related();
    assert.ok(after && after.score > before, `parse.ts: ${before} -> ${after?.score}`);
    assert.match(after.evidence.relationship, /imported by format\.ts/);
  });

  it('leaves out created files that .gitignore leaves out, as the listing does (a build writing its output)', async () => {
    commitAll(root, 'lib/\n');
    const engine = await open({ db: false });
    await engine.index();
    mkdirSync(join(root, 'lib'));
    writeFileSync(join(root, 'lib/login.js'), "require('../src/auth/token');\n");
    writeFileSync(join(root, 'src/auth/reset.ts'), "import { token } from './token';\n");
    // One burst, as a build's events come: one question to git for both.
    const asked = askedIgnored();
    try {
      await Promise.all([engine.fileCreated(join(root, 'lib/login.js')), engine.fileCreated(join(root, 'src/auth/reset.ts'))]);
    } finally {
      asked.restore();
    }
    assert.deepEqual(asked.questions, [['lib/login.js', 'src/auth/reset.ts']]);
    const files = engine.listFiles(root);
    assert.ok(files.includes('src/auth/reset.ts'));
    assert.ok(!files.includes('lib/login.js'), files.join(', '));
    await engine.fileCreated(join(root, 'lib'));
    assert.ok(!engine.listFiles(root).includes('lib/login.js'), 'nor when the folder is reported');
    // A folder moved in brings its files, less those .gitignore leaves out.
    mkdirSync(join(root, 'pkg/lib'), { recursive: true });
    writeFileSync(join(root, 'pkg/lib/out.js'), '');
    writeFileSync(join(root, 'pkg/index.ts'), "import { token } from '../src/auth/token';\n");
    await engine.fileCreated(join(root, 'pkg'));
    assert.ok(engine.listFiles(root).includes('pkg/index.ts'));
    assert.ok(!engine.listFiles(root).includes('pkg/lib/out.js'));
  });

  it('indexes created files when git cannot say whether the listing leaves them out', async () => {
    commitAll(root, 'lib/\n');
    const engine = await open({ db: false });
    await engine.index();
    writeFileSync(join(root, 'src/auth/reset.ts'), "import { token } from './token';\n");
    const failing = askedIgnored(() => Promise.reject(new Error('git is gone')));
    try {
      await engine.fileCreated(join(root, 'src/auth/reset.ts'));
    } finally {
      failing.restore();
    }
    assert.equal(failing.questions.length, 1);
    assert.ok(engine.listFiles(root).includes('src/auth/reset.ts'), 'indexed when the question fails');
  });

  it("takes one turn's file events together (a checkout's burst): one change for views, deletes before creates", async () => {
    const engine = await open({ db: false });
    await engine.index();
    let changes = 0;
    engine.onDidChange(() => changes++);
    mkdirSync(join(root, 'src/reports'));
    const created = Array.from({ length: 20 }, (_, i) => join(root, `src/reports/r${i}.ts`));
    for (const [i, file] of created.entries()) writeFileSync(file, `import { login } from '../auth/login';\nimport './r${(i + 1) % 20}';\n`);
    rmSync(join(root, 'src/util/parse.ts'));
    writeFileSync(join(root, 'src/util/format.ts'), 'export const format = 2;\n');
    await Promise.all([
      ...created.map((file) => engine.fileCreated(file)),
      engine.fileDeleted(join(root, 'src/util/parse.ts')),
      engine.fileCreated(join(root, 'src/util/format.ts')),
    ]);
    assert.equal(changes, 1);
    const files = engine.listFiles(root);
    assert.ok(created.every((file) => files.includes(file.slice(root.length + 1))));
    assert.ok(!files.includes('src/util/parse.ts'));
    const related = engine.rank({ file: join(root, 'src/reports/r3.ts') }).files.map((f) => f.path);
    assert.ok(related.includes('src/reports/r4.ts') && related.includes('src/auth/login.ts'), related.join(', '));

    writeFileSync(join(root, 'src/util/parse.ts'), 'export const parse = 1;\n');
    await Promise.all([engine.fileDeleted(join(root, 'src/util/parse.ts')), engine.fileCreated(join(root, 'src/util/parse.ts'))]);
    assert.ok(engine.listFiles(root).includes('src/util/parse.ts'), 'deleted and created again in one turn: as the disk has it');
  });

  it('follows a .gitignore that changes: what it now leaves out leaves the graph, what it no longer does joins it', async () => {
    commitAll(root, 'lib/\n');
    mkdirSync(join(root, 'lib'));
    writeFileSync(join(root, 'lib/login.js'), "require('../src/auth/token');\n");
    mkdirSync(join(root, 'gen'));
    writeFileSync(join(root, 'gen/api.ts'), "import { token } from '../src/auth/token';\n");
    const engine = await open();
    await engine.index();
    assert.deepEqual(
      engine.listFiles(root).filter((f) => /^(lib|gen)\//.test(f)),
      ['gen/api.ts'],
    );
    let changes = 0;
    engine.onDidChange(() => changes++);

    writeFileSync(join(root, '.gitignore'), 'gen/\n');
    await engine.fileCreated(join(root, '.gitignore')); // what the extension sends for a change on disk
    const files = engine.listFiles(root);
    assert.ok(files.includes('lib/login.js'), files.join(', '));
    assert.ok(!files.includes('gen/api.ts'), files.join(', '));
    assert.equal(changes, 1, 'one change for the whole listing');
    assert.match(
      engine
        .rank({ file: join(root, 'src/auth/token.ts') })
        .files.map((f) => f.path)
        .join(' '),
      /lib\/login\.js/,
    );

    // Deleting it lists both again; the tracked files stay whatever it said.
    rmSync(join(root, '.gitignore'));
    await engine.fileDeleted(join(root, '.gitignore'));
    const after = engine.listFiles(root);
    assert.ok(after.includes('gen/api.ts') && after.includes('lib/login.js'), after.join(', '));

    // The records follow: a restart ranks from the same files.
    await engine.dispose();
    const second = await open();
    await second.index();
    assert.ok(second.listFiles(root).includes('gen/api.ts'));
    assert.ok(second.listFiles(root).includes('lib/login.js'));
  });

  it('tells its views when a created file turns out not to be indexed, so a note asked before says why', async () => {
    const engine = await open({ db: false });
    await engine.index();
    const vendor = join(root, 'src/vendor.min.js');
    writeFileSync(vendor, 'export const a=1;\n');
    assert.match(engine.rank({ file: vendor }).note ?? '', /src\/vendor\.min\.js is not a file of the index/);
    let changes = 0;
    engine.onDidChange(() => changes++);
    await engine.fileCreated(vendor);
    assert.equal(changes, 1);
    assert.match(engine.rank({ file: vendor }).note ?? '', /src\/vendor\.min\.js is not indexed \(minified\)/);
    await engine.fileCreated(vendor);
    assert.equal(changes, 1, 'the same file again is no news');
  });

  it('keeps the graph, activity and tasks across a restart, and starts warm', async () => {
    let time = Date.UTC(2026, 0, 1, 12);
    const first = await open({ now: () => time });
    await first.index();
    first.recordActivity('edit', join(root, 'src/util/format.ts'), time);
    const task = first.startTask('fix login');
    first.setFlag(join(root, 'src/util/parse.ts'), true);
    await first.dispose();
    engines.length = 0;
    assert.ok(existsSync(join(dbDir, 'related.sqlite')));

    time += 60_000;
    const second = await open({ now: () => time });
    const [stats] = await second.index();
    assert.equal(stats.warm, true, 'unchanged files come back from the database');
    assert.equal(stats.files, 6); // five sources and tsconfig.json: every file is a node
    const active = second.activeTask();
    assert.equal(active.id, task.id);
    assert.equal(active.name, 'fix login');
    assert.ok(active.files.some((f) => f.path === join(root, 'src/util/parse.ts') && f.flagged));
    const ranked = second.rank({ file: join(root, 'src/app.ts'), limit: 10 }).files;
    const format = ranked.find((f) => f.path === 'src/util/format.ts')!;
    assert.ok(format.signals.recency > 0.9, `recency survives the restart: ${format.evidence.recency}`);
    const parse = ranked.find((f) => f.path === 'src/util/parse.ts')!;
    assert.equal(parse.signals.taskContext, 1, parse.evidence.taskContext);
  });

  it("logs each of an index's warnings once", async () => {
    writeFileSync(join(root, 'tsconfig.json'), '{ "extends": "./missing-base.json", "compilerOptions": { "strict": true } }\n');
    const log = collectingLog();
    const engine = await Engine.create({ roots: [root], dbPath: join(dbDir, 'related.sqlite'), log });
    engines.push(engine);
    await engine.index();
    const warnings = log.lines.filter((l) => l.startsWith('warn: ') && l.includes('missing-base.json'));
    assert.equal(warnings.length, 1, log.lines.join('\n'));
  });

  it('rebuilds from a corrupt database without failing', async () => {
    writeFileSync(join(dbDir, 'related.sqlite'), Buffer.from('this is not a database at all, just bytes'.repeat(50)));
    const engine = await open();
    const [stats] = await engine.index();
    assert.equal(stats.files, 6); // five sources and tsconfig.json: every file is a node
    assert.ok(
      readdirSync(dbDir).some((f) => f.startsWith('related.sqlite.corrupt-')),
      'the bad file is kept aside',
    );
  });

  it('answers files outside the workspace and non-indexed files with a note, not an error', async () => {
    const engine = await open({ db: false });
    await engine.index();
    const outside = engine.rank({ file: join(tmpdir(), 'elsewhere.ts') });
    assert.equal(outside.files.length, 0);
    assert.match(outside.note ?? '', /outside the workspace/);
    const missing = engine.rank({ file: join(root, 'README.md') });
    assert.equal(missing.files.length, 0);
    assert.match(missing.note ?? '', /README\.md is not a file of the index/);
  });

  it('ranks any file, says when no reference edges are read for it, and why a skipped file is not indexed', async () => {
    writeFileSync(join(root, 'README.md'), '# App\nSee src/app.ts\n');
    // Words it shares with no other file: only its folder relates it (shared words would rank by contentSimilarity).
    writeFileSync(join(root, 'src/auth/notes.xyz'), 'ideas for later\n');
    writeFileSync(join(root, 'src/logo.bin'), 'a\0b');
    const engine = await open({ db: false });
    await engine.index();
    const readme = engine.rank({ file: join(root, 'README.md') });
    assert.equal(readme.note, undefined);
    assert.ok(readme.files.length > 0);
    assert.equal(readme.readsReferences, true, 'Markdown links are read');
    assert.equal(engine.rank({ file: join(root, 'src/auth/notes.xyz') }).readsReferences, false);
    const notes = engine.rank({ file: join(root, 'src/auth/notes.xyz') });
    assert.equal(notes.files[0].path, 'src/auth/login.ts', 'the same folder ranks first without any edge');
    assert.equal(engine.rank({ file: join(root, 'src/app.ts') }).readsReferences, true);
    assert.match(engine.rank({ file: join(root, 'src/logo.bin') }).note ?? '', /src\/logo\.bin is not indexed \(binary\)/);
  });

  it('reads git history: co-change ranks a file with no import link', async () => {
    commitLoginAndParseTogether(root);
    const engine = await open({ db: false });
    const [stats] = await engine.index();
    assert.equal(stats.commits, 2);
    const parse = engine.rank({ file: join(root, 'src/auth/login.ts'), limit: 10 }).files.find((f) => f.path === 'src/util/parse.ts')!;
    assert.ok(parse.signals.coChange > 0, parse.evidence.coChange);
    const format = engine.rank({ file: join(root, 'src/auth/login.ts'), limit: 10 }).files.find((f) => f.path === 'src/util/format.ts')!;
    assert.ok(parse.score > format.score, 'the co-changed file outranks its untouched sibling');
  });

  it('with readyBeforeHistory, answers from the graph first and re-ranks when history arrives', async () => {
    commitLoginAndParseTogether(root);
    const engine = await Engine.create({ roots: [root], log: collectingLog(), readyBeforeHistory: true });
    engines.push(engine);
    let changes = 0;
    engine.onDidChange(() => changes++);
    const [stats] = await engine.index();
    assert.equal(stats.historyPending, true);
    assert.equal(stats.commits, 0, 'the index is reported before history is read');
    const query = join(root, 'src/auth/login.ts');
    assert.ok(engine.rank({ file: query, limit: 10 }).files.length > 0, 'the graph ranks at once');
    const changesAtReady = changes;
    for (let i = 0; i < 100 && engine.rank({ file: query, limit: 10 }).files.every((f) => f.signals.coChange === 0); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const parse = engine.rank({ file: query, limit: 10 }).files.find((f) => f.path === 'src/util/parse.ts')!;
    assert.ok(parse.signals.coChange > 0, parse.evidence.coChange);
    assert.ok(changes > changesAtReady, 'history arriving is a change, so views re-rank');
  });

  it('with readyBeforeHistory, a warm start reads history after its first ranking', async () => {
    commitLoginAndParseTogether(root);
    const dbPath = join(dbDir, 'related.sqlite');
    const first = await Engine.create({ roots: [root], dbPath, log: collectingLog(), readyBeforeHistory: true });
    await first.index();
    await first.dispose(); // waits for its history and words, then saves
    const second = await Engine.create({ roots: [root], dbPath, log: collectingLog(), readyBeforeHistory: true });
    engines.push(second);
    const [stats] = await second.index();
    assert.equal(stats.warm, true);
    const query = join(root, 'src/auth/login.ts');
    const coChanged = () => second.rank({ file: query, limit: 10 }).files.some((f) => f.signals.coChange > 0);
    assert.equal(coChanged(), false, 'the first ranking comes before the history read starts');
    for (let i = 0; i < 100 && !coChanged(); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(coChanged(), 'history is read once the first ranking is answered');
  });

  it('with readyBeforeHistory, a cold start with a focus opens its database and reads history only after the ranking that follows its index', async () => {
    commitLoginAndParseTogether(root);
    const log = collectingLog();
    const engine = await openRankingFirst(log);
    const query = join(root, 'src/auth/login.ts');
    const indexed = engine.index(undefined, undefined, query);
    assert.ok((await engine.rankWhenRankable({ file: query })).files.length > 0, 'the focus is ranked');
    await indexed;
    // Well under FIRST_RANKING_WAIT_MS, after which they would go ahead without a ranking.
    await new Promise((r) => setTimeout(r, 250));
    const historyRead = () => log.lines.some((l) => l.startsWith('history of '));
    assert.equal(engine.databaseOpening, true, 'the database waits for the ranking after the index');
    assert.equal(historyRead(), false, 'history waits for the ranking after the index');
    const coChanged = () => engine.rank({ file: query, limit: 10 }).files.some((f) => f.signals.coChange > 0);
    assert.equal(coChanged(), false, 'the complete ranking comes before history');
    await eventually(() => !engine.databaseOpening && historyRead());
    await eventually(coChanged);
  });

  /** An engine as the extension makes it (ranking first), on the test's database. */
  async function openRankingFirst(log = collectingLog()): Promise<Engine> {
    const engine = await Engine.create({ roots: [root], dbPath: join(dbDir, 'related.sqlite'), log, readyBeforeHistory: true });
    engines.push(engine);
    return engine;
  }

  /** A session that indexes the workspace and closes, leaving its records in the database. */
  async function oneSession(): Promise<void> {
    const first = await openRankingFirst();
    await first.index();
    await first.dispose();
    engines.splice(engines.indexOf(first), 1);
  }

  /** Resolves once `done` holds (the engine's background work got there), or fails after 5 s. */
  async function eventually(done: () => boolean): Promise<void> {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(done(), 'the expected change arrived');
  }

  it("a warm start's file words wait while the user types, and are read once they pause", async () => {
    await oneSession();
    const log = collectingLog();
    const engine = await openRankingFirst(log);
    await engine.index();
    const file = join(root, 'src/auth/login.ts');
    const wordsRead = () => log.lines.some((line) => /^words of \d+ files/.test(line));
    // Typing: unsaved text after each short pause, for longer than TYPING_PAUSE_MS.
    const typingEnds = performance.now() + TYPING_PAUSE_MS + 1000;
    for (let i = 0; performance.now() < typingEnds; i++) {
      engine.updateFile(file, `${FILES['src/auth/login.ts']}// ${i}\n`);
      await new Promise((r) => setTimeout(r, 300));
    }
    assert.equal(wordsRead(), false, 'no words read while the user typed');
    const stopped = performance.now();
    await eventually(wordsRead);
    assert.ok(performance.now() - stopped >= TYPING_PAUSE_MS - 400, 'read after a pause in typing');
  });

  it('with readyBeforeHistory, a cold start ranks its focus before its new database opens, then opens it and saves what happened meanwhile', async () => {
    const dbPath = join(dbDir, 'related.sqlite');
    const log = collectingLog();
    const engine = await openRankingFirst(log);
    assert.equal(engine.databaseOpening, true, 'no file: the database opens after the first ranking');
    const focus = join(root, 'src/app.ts');
    const indexed = engine.index(undefined, undefined, focus);
    const first = await engine.rankWhenRankable({ file: focus });
    assert.equal(first.files[0]?.path, 'src/auth/login.ts');
    assert.equal(engine.databaseOpening, true, 'the first ranking came before the database');
    assert.equal(existsSync(dbPath), false);
    engine.logShown(focus, ['src/auth/login.ts']);
    engine.recordActivity('view', join(root, 'src/auth/login.ts'));
    engine.logOpened(join(root, 'src/auth/login.ts'));
    await indexed;
    await eventually(() => !engine.databaseOpening);
    assert.ok(
      log.lines.some((l) => /^new database opened in \d+ ms \(\d+ ms of the process's CPU, index workers included\)$/.test(l)),
      log.lines.join('\n'),
    );
    await engine.dispose();
    engines.splice(engines.indexOf(engine), 1);
    const second = await openRankingFirst();
    assert.deepEqual(
      second.rankingLog().map((r) => [r.queryPath, r.shown, r.openedPath]),
      [['src/app.ts', ['src/auth/login.ts'], 'src/auth/login.ts']],
      'the ranking shown and the file opened after it, written once the database opened',
    );
    const [stats] = await second.index();
    assert.equal(stats.warm, true, 'the index written after the first ranking is there');
  });

  it('with readyBeforeHistory, a warm start answers from the stored records before looking at the disk, then drops a file deleted meanwhile with a change', async () => {
    await oneSession();
    rmSync(join(root, 'src/auth/token.ts')); // deleted between the two sessions
    const second = await openRankingFirst();
    let changes = 0;
    second.onDidChange(() => changes++);
    const [stats] = await second.index();
    assert.equal(stats.warm, true);
    assert.equal(stats.files, 6, "last session's files");
    const query = join(root, 'src/auth/login.ts');
    const firstAnswer = second.rank({ file: query, limit: 10 });
    assert.equal(firstAnswer.note, undefined, 'a file of the stored graph ranks without a note');
    assert.equal(firstAnswer.files[0]?.path, 'src/auth/token.ts', 'the stored edge ranks before the disk is read');
    const changesAtFirstRanking = changes;
    await eventually(() => !second.listFiles(root).includes('src/auth/token.ts'));
    assert.ok(changes > changesAtFirstRanking, 'the check is a change, so views re-rank');
    assert.ok(!second.rank({ file: query, limit: 10 }).files.some((f) => f.path === 'src/auth/token.ts'));
  });

  it('with readyBeforeHistory, a warm start holds editor events until the stored graph is checked, then applies them', async () => {
    await oneSession();
    writeFileSync(join(root, 'src/util/new.ts'), 'export const fresh = 1;\n'); // created between the two sessions
    const second = await openRankingFirst();
    await second.index();
    const app = join(root, 'src/app.ts');
    const fresh = join(root, 'src/util/new.ts');
    assert.match(second.rank({ file: fresh }).note ?? '', /src\/util\/new\.ts was not in the last session's index; checking/);
    assert.equal(second.updateFile(app, "import { format } from './util/format';\n"), false, 'held while the graph is unchecked');
    await eventually(() => second.rank({ file: app, limit: 10 }).files[0]?.path === 'src/util/format.ts');
    assert.equal(second.rank({ file: fresh }).note, undefined, 'the new file is indexed');
  });

  it('with readyBeforeHistory, a damaged database found by the check after the first ranking is set aside with one warning', async () => {
    commitLoginAndParseTogether(root);
    await oneSession();
    const dbPath = join(dbDir, 'related.sqlite');
    // Damage the page of the commits: the stored files still read, so only the check can find it.
    const bytes = readFileSync(dbPath);
    const pageSize = bytes.readUInt16BE(16);
    const page = Math.floor(bytes.indexOf('dev@example.com') / pageSize) * pageSize; // the commits' author
    assert.ok(page > 0, 'the commits are on a page of their own');
    bytes.fill(0xff, page, page + 64);
    writeFileSync(dbPath, bytes);
    const log = collectingLog();
    const second = await openRankingFirst(log);
    const [stats] = await second.index();
    assert.equal(stats.warm, true);
    assert.ok(second.rank({ file: join(root, 'src/app.ts') }).files.length > 0);
    assert.equal(log.lines.filter((l) => l.startsWith('warn:')).length, 0, 'nothing checked before the first ranking');
    await eventually(() => log.lines.some((l) => /is unusable/.test(l)));
    assert.equal(log.lines.filter((l) => /is unusable/.test(l)).length, 1, log.lines.join('\n'));
    assert.ok(
      readdirSync(dbDir).some((f) => f.startsWith('related.sqlite.corrupt-')),
      'the bad file is kept aside',
    );
    await second.dispose();
    assert.equal(existsSync(dbPath), false, 'nothing of the damaged file is written back; the next start builds a new one');
  });

  it('follows new commits without a restart', async () => {
    commitAll(root);
    const engine = await open({ db: false });
    await engine.index();
    const query = join(root, 'src/auth/login.ts');
    const before = engine.rank({ file: query, limit: 10 }).files.find((f) => f.path === 'src/util/parse.ts')!;
    let changes = 0;
    engine.onDidChange(() => changes++);
    writeFileSync(join(root, 'src/auth/login.ts'), FILES['src/auth/login.ts'] + '// v2\n');
    writeFileSync(join(root, 'src/util/parse.ts'), FILES['src/util/parse.ts'] + '// v2\n');
    git(root, 'commit', '-qam', 'login and parse change together');
    for (let i = 0; i < 100 && changes === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const after = engine.rank({ file: query, limit: 10 }).files.find((f) => f.path === 'src/util/parse.ts')!;
    assert.match(before.evidence.coChange, /1 commit\b/);
    assert.match(after.evidence.coChange, /2 commits/);
  });

  it('lets an agent mark files explored in a named task', async () => {
    const engine = await open({ db: false });
    await engine.index();
    const task = engine.startTask('agent task');
    const info = engine.markExplored(task.id, join(root, 'src/util/format.ts'));
    assert.ok(info?.files.some((f) => f.path === join(root, 'src/util/format.ts') && f.visits === 1));
    assert.equal(engine.markExplored('no-such-task', join(root, 'src/app.ts')), undefined);
    const ranked = engine.rank({ file: join(root, 'src/app.ts'), taskId: task.id, limit: 10 }).files;
    assert.equal(ranked.find((f) => f.path === 'src/util/format.ts')!.signals.taskContext, 0.8);
  });

  it('logs what was shown and what was opened next', async () => {
    let time = Date.UTC(2026, 0, 1, 12);
    const engine = await open({ db: false, now: () => time });
    await engine.index();
    const shown = engine.rank({ file: join(root, 'src/app.ts') }).files.map((f) => f.path);
    engine.logShown(
      join(root, 'src/app.ts'),
      shown.map((p) => join(root, p)),
    );
    time += 5_000;
    engine.logOpened(join(root, 'src/auth/login.ts'));
    const [row] = engine.rankingLog();
    assert.equal(row.queryPath, 'src/app.ts');
    assert.deepEqual(row.shown, shown);
    assert.equal(row.openedPath, 'src/auth/login.ts');
  });

  it('exports recorded sessions only when recording is on, with the commit they started from', async () => {
    commitAll(root);
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    let time = Date.now();
    const quiet = await open({ db: false, now: () => time });
    await quiet.index();
    quiet.recordActivity('view', join(root, 'src/app.ts'), time);
    quiet.recordActivity('view', join(root, 'src/auth/login.ts'), time + 2000);
    assert.equal((await quiet.exportSessionLog()).events, 0, 'nothing is kept without the opt-in');

    const recording = await Engine.create({ roots: [root], recordSessions: true, now: () => time });
    engines.push(recording);
    await recording.index();
    time += 1000;
    recording.recordActivity('view', join(root, 'src/app.ts'), time);
    recording.recordActivity('edit', join(root, 'src/auth/login.ts'), time + 2000);
    const exported = await recording.exportSessionLog();
    assert.equal(exported.sessions, 1);
    const session = JSON.parse(exported.text.trim());
    assert.equal(session.base_commit, head);
    assert.deepEqual(
      session.events.map((e: { path: string }) => e.path),
      ['src/app.ts', 'src/auth/login.ts'],
    );
  });

  it('rejects unknown weights with the valid names', async () => {
    const engine = await open({ db: false });
    await engine.index();
    assert.throws(() => engine.rank({ file: join(root, 'src/app.ts'), weights: { bogus: 1 } as never }), /coChange/);
  });
});
