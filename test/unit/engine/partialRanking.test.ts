/**
 * The engine ranks while a cold index reads: once the active file's references are in the graph it
 * answers for that file with a note that the list is partial, and says of a file not read yet that
 * it is not indexed yet; the finished index answers without a note.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Engine } from '../../../src/engine';
import type { RankAnswer } from '../../../src/engineApi';
import { FOCUS_FIRST_FILES } from './workspaceFixture';

const FILES = FOCUS_FIRST_FILES;

/** A cold engine on `root` whose info lines go to `lines`, each also to `onLine`. */
function loggingEngine(root: string, lines: string[], onLine?: (line: string) => void): Promise<Engine> {
  return Engine.create({
    roots: [root],
    historyEnabled: false,
    readyBeforeHistory: true,
    log: {
      info: (m) => {
        lines.push(m);
        onLine?.(m);
      },
      warn: () => {},
      error: () => {},
    },
  });
}

describe('Engine ranking while a cold index reads', () => {
  let root: string;
  let engine: Engine | undefined;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'rf-partial-'));
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
  });

  afterEach(async () => {
    await engine?.dispose();
    engine = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it('answers for the focus file with its import targets under a partial note counting the files read, and not for a file not read yet', async () => {
    engine = await Engine.create({ roots: [root], historyEnabled: false, readyBeforeHistory: true });
    const focus = join(root, 'src/app/main.ts');
    const during: { state: string; focus: RankAnswer; far: RankAnswer }[] = [];
    const e = engine;
    e.onDidChange(() => {
      if (e.state === 'indexing')
        during.push({ state: e.state, focus: e.rank({ file: focus }), far: e.rank({ file: join(root, 'far/away/two.ts') }) });
    });
    await e.index(undefined, undefined, focus);

    assert.ok(during.length > 0, 'the engine said nothing while indexing');
    const first = during[0];
    const paths = first.focus.files.map((f) => f.path);
    assert.ok(paths.includes('src/app/util.ts') && paths.includes('src/lib/helper.ts'), `import targets missing: ${paths.join(', ')}`);
    const counts = /^Indexing (\d+) \/ (\d+) files… results are partial$/.exec(first.focus.note ?? '');
    assert.ok(counts, `note: ${first.focus.note}`);
    // The focus is read: the count says so, not the last multiple of the progress step (0 here).
    assert.ok(Number(counts[1]) >= 1 && Number(counts[1]) < Number(counts[2]), `note: ${first.focus.note}`);
    assert.deepEqual(first.far.files, []);
    assert.match(first.far.note ?? '', /this file is not indexed yet$/);

    const after = e.rank({ file: focus });
    assert.equal(after.note, undefined);
    assert.ok(
      after.files.some((f) => f.path === 'far/away/one.ts'),
      'the finished index knows the importer',
    );
  });

  it("builds the ranker's tables once, when the focus is in and after its change event, and says how long after it a partial ranking was asked", async () => {
    const lines: string[] = [];
    engine = await loggingEngine(root, lines);
    const focus = join(root, 'src/app/main.ts');
    const e = engine;
    let tablesAtFirstChange: boolean | undefined;
    let partial: RankAnswer | undefined;
    e.onDidChange(() => {
      if (e.state !== 'indexing' || !e.canRank(focus)) return;
      tablesAtFirstChange ??= lines.some((l) => l.startsWith('ranking tables of'));
      partial ??= e.rank({ file: focus });
    });
    await e.index(undefined, undefined, focus);

    assert.equal(tablesAtFirstChange, false, 'the change event goes out before the tables are built');
    const tables = lines.filter((l) => l.startsWith(`ranking tables of ${root} built in`));
    assert.equal(tables.length, 1, lines.join('\n'));
    const focusIn = lines.findIndex((l) => /^partial graph of .* src\/app\/main\.ts in/.test(l));
    assert.ok(focusIn >= 0 && lines.indexOf(tables[0]) > focusIn, lines.join('\n'));
    assert.ok(partial?.note, 'the ranking asked at the change event was partial');
    assert.ok(
      lines.some((l) => /^partial ranking of src\/app\/main\.ts in \d+ ms, asked \d+ ms after the focus was in$/.test(l)),
      lines.join('\n'),
    );
  });

  it("with no focus known, builds the ranker's tables once the listed files are nodes, before any file is read, and again once a focus is in", async () => {
    const lines: string[] = [];
    const focus = join(root, 'src/app/main.ts');
    // The editor's file becomes known after the listing, as a window restores it late.
    engine = await loggingEngine(root, lines, (m) => m.endsWith('before any focus was known') && engine?.refocus(focus));
    await engine.index();
    const tables = lines.filter((l) => l.startsWith(`ranking tables of ${root} built in`));
    assert.equal(tables.length, 2, lines.join('\n'));
    assert.match(tables[0], /^ranking tables of .* built in \d+ ms, before any focus was known$/);
    const firstRead = lines.findIndex((l) => l.startsWith('partial graph of'));
    assert.ok(lines.indexOf(tables[0]) < firstRead, lines.join('\n'));
    const focusIn = lines.findIndex((l) => /^partial graph of .* src\/app\/main\.ts in/.test(l));
    assert.ok(focusIn >= 0 && lines.indexOf(tables[1]) > focusIn, lines.join('\n'));
  });

  it('reads first a focus that came while the folder was being listed, and builds no tables before it', async () => {
    const lines: string[] = [];
    engine = await loggingEngine(root, lines);
    const indexed = engine.index();
    engine.refocus(join(root, 'src/app/main.ts')); // the listing is under way: no build to take it yet
    await indexed;
    const partials = lines.filter((l) => l.startsWith('partial graph of'));
    assert.match(partials[0] ?? '', /, src\/app\/main\.ts in \(/, lines.join('\n'));
    assert.ok(!lines.some((l) => l.endsWith('before any focus was known')), lines.join('\n'));
  });

  it('indexes the same graph with and without a focus', async () => {
    engine = await Engine.create({ roots: [root], historyEnabled: false });
    await engine.index(undefined, undefined, join(root, 'src/app/main.ts'));
    const focused = engine.graphOf(root)!;
    const withFocus = focused.files().flatMap((f) => focused.outgoingEdges(focused.idOf(f)!).map((e) => `${f} -> ${e.to} ${e.kind}`));
    await engine.dispose();
    engine = await Engine.create({ roots: [root], historyEnabled: false });
    await engine.index();
    const plain = engine.graphOf(root)!;
    const without = plain.files().flatMap((f) => plain.outgoingEdges(plain.idOf(f)!).map((e) => `${f} -> ${e.to} ${e.kind}`));
    assert.deepEqual(withFocus.sort(), without.sort());
    assert.ok(without.length >= 4);
  });
});
