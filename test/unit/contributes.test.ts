/**
 * package.json's contributions and the code agree, both ways, and the documents repeat the code's numbers.
 *
 * VS Code reads package.json without running the extension, so the names it needs (commands, settings, views,
 * context keys, the preset enum) are written there by hand. This test is what keeps that copy true:
 * - every command, view, language-model tool and MCP provider the code registers is contributed, and every
 *   contributed one is registered; every `relatedFiles.*` name the code writes is contributed;
 * - every setting the code reads is contributed and every contributed setting is read;
 * - every context key the `when` clauses test is set by the code and every key it sets is tested;
 *   every `viewItem` a clause tests is a contextValue the view assigns;
 * - menus and keybindings name contributed commands;
 * - the preset enum, its descriptions, the default weights and the numeric defaults equal src/core;
 * - the README's and docs' settings and weight tables equal package.json and src/core/presets.ts.
 * The code is read from src/ with the TypeScript parser (src/vscode imports `vscode`, which plain Node
 * cannot load); settings are read by calling readSettings with a recording reader.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ts } from 'ts-morph';
import { commandIds, contextKeys, contributedNames, readManifest, REPO_ROOT, settingKeys, viewIds, whenClauses, type Manifest } from './manifest';
import { readSettings, SETTINGS_SECTION } from '../../src/vscode/settings';
import { DEFAULT_PRESET, PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS } from '../../src/core/presets';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../src/core/ranker';
import { SIGNAL_NAMES } from '../../src/core/ranking';
import { DEFAULT_RECENCY_HALF_LIFE_MINUTES } from '../../src/core/signals/recency';

/** Ids the code uses that VS Code needs no contribution for. */
const NOT_CONTRIBUTED: ReadonlyMap<string, string> = new Map([['relatedFiles.status', 'the status bar item id']]);

/** The calls that register a contributed thing, by the name of the called function or method. */
const REGISTRARS = {
  registerCommand: 'commands',
  createTreeView: 'views',
  registerTreeDataProvider: 'views',
  registerTool: 'lmTools',
  registerMcpServerDefinitionProvider: 'mcpProviders',
} as const;
type Registered = (typeof REGISTRARS)[keyof typeof REGISTRARS];

export interface CodeUsage {
  readonly registered: Readonly<Record<Registered, ReadonlySet<string>>>;
  /** Keys passed to `executeCommand('setContext', key, …)`. */
  readonly contextsSet: ReadonlySet<string>;
  /** Values assigned to a tree item's contextValue. */
  readonly contextValues: ReadonlySet<string>;
  /** Every `relatedFiles.*` string the code contains. */
  readonly names: ReadonlySet<string>;
  /** Full keys of the settings the code reads. */
  readonly settingsRead: ReadonlySet<string>;
}

export interface SourceText {
  readonly file: string;
  readonly text: string;
}

const OUR_NAME = /^relatedFiles\.[A-Za-z][\w.]*$/;

function registrarKind(name: string | undefined): Registered | undefined {
  return name !== undefined && Object.hasOwn(REGISTRARS, name) ? REGISTRARS[name as keyof typeof REGISTRARS] : undefined;
}

function calleeName(call: ts.CallExpression): string | undefined {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
}

/** What the given sources register, set and name; `settingsRead` comes from the caller (see settingsReadByCode). */
export function codeUsage(sources: readonly SourceText[], settingsRead: ReadonlySet<string>): CodeUsage {
  const parsed = sources.map(({ file, text }) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  // `const X = 'literal'` anywhere in the sources: ids are usually named once and imported.
  const constants = new Map<string, string>();
  for (const source of parsed) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isStringLiteralLike(node.initializer)) {
        constants.set(node.name.text, node.initializer.text);
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  const valueOf = (e: ts.Expression | undefined): string | undefined =>
    e === undefined ? undefined : ts.isStringLiteralLike(e) ? e.text : ts.isIdentifier(e) ? constants.get(e.text) : undefined;

  const registered: Record<Registered, Set<string>> = { commands: new Set(), views: new Set(), lmTools: new Set(), mcpProviders: new Set() };
  const contextsSet = new Set<string>();
  const contextValues = new Set<string>();
  const names = new Set<string>();
  for (const source of parsed) {
    // A local wrapper whose first parameter goes straight to a registrar registers like it: `const command = (id, run) => registerCommand(id, …)`.
    const wrappers = new Map<string, Registered>();
    const findWrappers = (node: ts.Node) => {
      if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node)) && node.parameters.length > 0) {
        const param = node.parameters[0].name;
        const name = ts.isFunctionDeclaration(node)
          ? node.name?.text
          : ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)
            ? node.parent.name.text
            : undefined;
        const inner = (n: ts.Node): Registered | undefined => {
          if (ts.isCallExpression(n)) {
            const kind = registrarKind(calleeName(n));
            const first = n.arguments[0];
            if (kind && first && ts.isIdentifier(first) && ts.isIdentifier(param) && first.text === param.text) return kind;
          }
          return n.forEachChild(inner);
        };
        const kind = name ? inner(node.body ?? node) : undefined;
        if (name && kind) wrappers.set(name, kind);
      }
      node.forEachChild(findWrappers);
    };
    findWrappers(source);

    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) && OUR_NAME.test(node.text)) names.add(node.text);
      if (ts.isCallExpression(node)) {
        const callee = calleeName(node);
        const kind = callee === undefined ? undefined : (registrarKind(callee) ?? wrappers.get(callee));
        const id = valueOf(node.arguments[0]);
        if (kind && id !== undefined) registered[kind].add(id);
        if (callee === 'executeCommand' && id === 'setContext') {
          const key = valueOf(node.arguments[1]);
          if (key !== undefined) contextsSet.add(key);
        }
      }
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(node.left) &&
        node.left.name.text === 'contextValue'
      ) {
        const literals = (n: ts.Node): void => (ts.isStringLiteralLike(n) ? void contextValues.add(n.text) : n.forEachChild(literals));
        literals(node.right);
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return { registered, contextsSet, contextValues, names, settingsRead };
}

/** The settings readSettings asks for, as full keys: the code's own answer, not a guess from its text. */
export function settingsReadByCode(): Set<string> {
  const keys = new Set<string>();
  readSettings({
    get<T>(key: string): T | undefined {
      keys.add(`${SETTINGS_SECTION}.${key}`);
      return undefined;
    },
  });
  return keys;
}

function difference(a: Iterable<string>, b: ReadonlySet<string>): string[] {
  return [...new Set(a)].filter((x) => !b.has(x)).sort();
}

/** Where code and manifest disagree, one line each. */
export function contributionProblems(manifest: Manifest, code: CodeUsage): string[] {
  const problems: string[] = [];
  const commands = new Set(commandIds(manifest));
  const settings = new Set(settingKeys(manifest));
  const contexts = new Set(contextKeys(manifest));
  const contributed = contributedNames(manifest);
  const c = manifest.contributes ?? {};
  /** A thing the code registers and package.json contributes: each side must hold the other's. */
  const both = (thing: string, registered: ReadonlySet<string>, declared: Iterable<string>, verb: string) => {
    const declaredSet = new Set(declared);
    for (const x of difference(registered, declaredSet)) problems.push(`${thing} ${verb} by the code but not contributed: ${x}`);
    for (const x of difference(declaredSet, registered)) problems.push(`${thing} contributed but never ${verb}: ${x}`);
  };
  both('command', code.registered.commands, commands, 'registered');
  both('view', code.registered.views, viewIds(manifest), 'created');
  both(
    'language-model tool',
    code.registered.lmTools,
    (c.languageModelTools ?? []).map((t) => t.name),
    'registered',
  );
  both(
    'MCP provider',
    code.registered.mcpProviders,
    (c.mcpServerDefinitionProviders ?? []).map((p) => p.id),
    'registered',
  );
  const pairs: [string, Iterable<string>, ReadonlySet<string>][] = [
    ['setting read by the code but not contributed', code.settingsRead, settings],
    ['setting contributed but never read', settings, new Set([...code.settingsRead, ...code.names])],
    ['context key set by the code but no when clause tests it', code.contextsSet, contexts],
    ['context key tested in a when clause but never set', contexts, code.contextsSet],
    ['name in the code that package.json does not contribute', [...code.names].filter((n) => !NOT_CONTRIBUTED.has(n)), contributed],
  ];
  for (const [what, have, known] of pairs) for (const x of difference(have, known)) problems.push(`${what}: ${x}`);

  for (const [menu, items] of Object.entries(c.menus ?? {})) {
    for (const item of items) if (!commands.has(item.command)) problems.push(`menu ${menu} names a command that is not contributed: ${item.command}`);
  }
  for (const k of c.keybindings ?? []) {
    if (!code.registered.commands.has(k.command)) problems.push(`keybinding for a command that is never registered: ${k.command}`);
  }
  for (const when of whenClauses(manifest)) {
    for (const m of when.matchAll(/\bviewItem\s*==\s*([\w.-]+)/g)) {
      if (!code.contextValues.has(m[1])) problems.push(`when clause tests viewItem ${m[1]}, which the view never assigns`);
    }
    for (const m of when.matchAll(/\bviewItem\s*=~\s*\/(.+?)\/(?=\s|$)/g)) {
      const re = new RegExp(m[1]);
      if (![...code.contextValues].some((v) => re.test(v))) problems.push(`when clause tests viewItem =~ /${m[1]}/, which no contextValue matches`);
    }
  }
  return problems;
}

const WEIGHT_PREFIX = `${SETTINGS_SECTION}.weights.`;
const DEFAULT_WEIGHT_NOTE = /\(`default` preset: ([\d.]+)\)/;

/** Where package.json's presets, weights and numeric defaults differ from src/core. */
export function presetProblems(manifest: Manifest): string[] {
  const problems: string[] = [];
  const properties = manifest.contributes?.configuration?.properties ?? {};
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      problems.push(`${what} is ${JSON.stringify(actual)}, the code has ${JSON.stringify(expected)}`);
  };
  const preset = properties[`${SETTINGS_SECTION}.preset`];
  expect('relatedFiles.preset enum', preset?.enum, PRESET_NAMES);
  expect(
    'relatedFiles.preset enumDescriptions',
    preset?.enumDescriptions,
    PRESET_NAMES.map((p) => PRESET_DESCRIPTIONS[p]),
  );
  expect('relatedFiles.preset default', preset?.default, DEFAULT_PRESET);
  expect('relatedFiles.limit default', properties[`${SETTINGS_SECTION}.limit`]?.default, DEFAULT_LIMIT);
  expect('relatedFiles.limit maximum', properties[`${SETTINGS_SECTION}.limit`]?.maximum, MAX_LIMIT);
  expect(
    'relatedFiles.recencyHalfLifeMinutes default',
    properties[`${SETTINGS_SECTION}.recencyHalfLifeMinutes`]?.default,
    DEFAULT_RECENCY_HALF_LIFE_MINUTES,
  );
  const weightKeys = Object.keys(properties).filter((k) => k.startsWith(WEIGHT_PREFIX));
  expect('the relatedFiles.weights.* settings', weightKeys.map((k) => k.slice(WEIGHT_PREFIX.length)).sort(), [...SIGNAL_NAMES].sort());
  for (const signal of SIGNAL_NAMES) {
    const property = properties[WEIGHT_PREFIX + signal];
    if (!property) continue;
    expect(`${WEIGHT_PREFIX}${signal} default`, property.default, null);
    const note = DEFAULT_WEIGHT_NOTE.exec(property.markdownDescription ?? '');
    expect(`${WEIGHT_PREFIX}${signal}'s default preset weight`, note ? Number(note[1]) : undefined, PRESETS.default[signal]);
  }
  for (const tool of manifest.contributes?.languageModelTools ?? []) {
    const limit = tool.inputSchema?.properties?.limit;
    expect(`${tool.name} limit default`, limit?.default, DEFAULT_LIMIT);
    expect(`${tool.name} limit maximum`, limit?.maximum, MAX_LIMIT);
  }
  return problems;
}

/** The rows of every Markdown table in `text`, each as { column header: cell }. */
export function markdownTables(text: string): Record<string, string>[][] {
  const tables: Record<string, string>[][] = [];
  const lines = text.split('\n');
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].trim().startsWith('|') || !/^\|?\s*:?-+/.test(lines[i + 1].trim())) continue;
    const header = cells(lines[i]);
    const rows: Record<string, string>[] = [];
    for (i += 2; i < lines.length && lines[i].trim().startsWith('|'); i++) {
      const row = cells(lines[i]);
      rows.push(Object.fromEntries(header.map((h, j) => [h, row[j] ?? ''])));
    }
    tables.push(rows);
  }
  return tables;
}

const unquote = (cell: string) => cell.replace(/[`*]/g, '').trim();

/**
 * Where a document's tables differ from the code: a table with `signal` and `default weight` columns must give
 * every signal its weight in `default`; a table with `setting` and `default` columns must give each setting
 * package.json's default (`empty` for none) and, for the preset row, name every preset.
 */
export function documentProblems(file: string, text: string, manifest: Manifest): string[] {
  const problems: string[] = [];
  const properties = manifest.contributes?.configuration?.properties ?? {};
  for (const rows of markdownTables(text)) {
    if (rows.length > 0 && 'signal' in rows[0] && 'default weight' in rows[0]) {
      const listed = rows.map((r) => unquote(r.signal));
      if (JSON.stringify([...listed].sort()) !== JSON.stringify([...SIGNAL_NAMES].sort()))
        problems.push(`${file}: the weight table lists ${listed.join(', ')}`);
      for (const r of rows) {
        const signal = unquote(r.signal) as (typeof SIGNAL_NAMES)[number];
        if (signal in PRESETS.default && Number(unquote(r['default weight'])) !== PRESETS.default[signal]) {
          problems.push(`${file}: ${signal}'s default weight is ${r['default weight']}, presets.ts has ${PRESETS.default[signal]}`);
        }
      }
    }
    if (rows.length > 0 && 'setting' in rows[0] && 'default' in rows[0]) {
      const keys = new Set(rows.map((r) => unquote(r.setting)));
      for (const key of Object.keys(properties)) {
        if (!key.startsWith(WEIGHT_PREFIX) && !keys.has(key)) problems.push(`${file}: the settings table has no row for ${key}`);
      }
      for (const r of rows) {
        const key = unquote(r.setting);
        if (!(key in properties)) continue;
        const expected = properties[key].default;
        const shown = unquote(r.default);
        if (shown !== (expected === null ? 'empty' : JSON.stringify(expected).replace(/^"|"$/g, ''))) {
          problems.push(`${file}: ${key}'s default is ${r.default}, package.json has ${JSON.stringify(expected)}`);
        }
        if (key === `${SETTINGS_SECTION}.preset`) {
          for (const p of PRESET_NAMES) if (!r['what it does']?.includes(`\`${p}\``)) problems.push(`${file}: the preset row does not name ${p}`);
        }
      }
    }
  }
  return problems;
}

function sourceTexts(dir: string): SourceText[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceTexts(full);
    return name.endsWith('.ts') ? [{ file: relative(REPO_ROOT, full), text: readFileSync(full, 'utf8') }] : [];
  });
}

describe('package.json contributions and the code', () => {
  const manifest = readManifest();
  const code = codeUsage(sourceTexts(join(REPO_ROOT, 'src')), settingsReadByCode());

  it('every command, view, setting, context key and tool is both contributed and used', () => {
    assert.ok(code.registered.commands.size > 0 && code.settingsRead.size > 0 && code.contextsSet.size > 0, 'the scan found registrations');
    assert.deepEqual(contributionProblems(manifest, code), []);
  });

  it('the preset enum and descriptions, the default weights and the numeric defaults equal src/core', () => {
    assert.deepEqual(presetProblems(manifest), []);
  });

  it('the README and docs tables give the code’s settings defaults and default weights', () => {
    const files = ['README.md', 'docs/RANKING.md'];
    const tables = files.map((f) => markdownTables(readFileSync(join(REPO_ROOT, f), 'utf8')));
    assert.ok(
      tables.every((t) => t.some((rows) => 'default weight' in (rows[0] ?? {}))),
      'each has a weight table',
    );
    assert.deepEqual(
      files.flatMap((f) => documentProblems(f, readFileSync(join(REPO_ROOT, f), 'utf8'), manifest)),
      [],
    );
  });

  describe('catches a violation', () => {
    const code = codeUsage(
      [
        {
          file: 'src/vscode/x.ts',
          text: [
            "const VIEW = 'relatedFiles.view';",
            'const command = (id: string, run: () => void) => vscode.commands.registerCommand(id, run);',
            "command('relatedFiles.refresh', () => {});",
            "vscode.commands.registerCommand('relatedFiles.unknown', () => {});",
            'vscode.window.createTreeView(VIEW, {});',
            "vscode.commands.executeCommand('setContext', 'relatedFiles.busy', true);",
            "item.contextValue = flagged ? 'relatedFile.flagged' : 'relatedFile';",
            "const other = 'relatedFiles.colors';",
          ].join('\n'),
        },
      ],
      new Set(['relatedFiles.limit', 'relatedFiles.maxRows']),
    );
    const manifest: Manifest = {
      contributes: {
        commands: [{ command: 'relatedFiles.refresh' }, { command: 'relatedFiles.reindex' }],
        views: { explorer: [{ id: 'relatedFiles.view' }] },
        menus: {
          'view/title': [{ command: 'relatedFiles.refresh', when: 'view == relatedFiles.view && relatedFiles.taskActive' }],
          'view/item/context': [{ command: 'relatedFiles.gone', when: 'viewItem == relatedFile.pinned' }],
        },
        keybindings: [{ command: 'relatedFiles.reindex' }],
        configuration: { properties: { 'relatedFiles.limit': {}, 'relatedFiles.exclude': {} } },
      },
    };

    it('finds each disagreement between the code and the manifest, and reads the wrapper and the constant', () => {
      assert.deepEqual(contributionProblems(manifest, code).sort(), [
        'command contributed but never registered: relatedFiles.reindex',
        'command registered by the code but not contributed: relatedFiles.unknown',
        'context key set by the code but no when clause tests it: relatedFiles.busy',
        'context key tested in a when clause but never set: relatedFiles.taskActive',
        'keybinding for a command that is never registered: relatedFiles.reindex',
        'menu view/item/context names a command that is not contributed: relatedFiles.gone',
        'name in the code that package.json does not contribute: relatedFiles.busy',
        'name in the code that package.json does not contribute: relatedFiles.colors',
        'name in the code that package.json does not contribute: relatedFiles.unknown',
        'setting contributed but never read: relatedFiles.exclude',
        'setting read by the code but not contributed: relatedFiles.maxRows',
        'when clause tests viewItem relatedFile.pinned, which the view never assigns',
      ]);
    });

    it('finds a preset, a description, a default weight and a default that differ from src/core', () => {
      const real = readManifest();
      const properties = { ...real.contributes!.configuration!.properties! };
      properties['relatedFiles.preset'] = {
        ...properties['relatedFiles.preset'],
        enum: ['default', 'seed-0.13', 'debugging'],
        enumDescriptions: ['a', 'b', 'c'],
      };
      properties['relatedFiles.weights.coChange'] = {
        ...properties['relatedFiles.weights.coChange'],
        markdownDescription: 'Weight (`default` preset: 0.9).',
      };
      properties['relatedFiles.limit'] = { ...properties['relatedFiles.limit'], default: 25 };
      const problems = presetProblems({ contributes: { ...real.contributes, configuration: { properties } } });
      assert.equal(problems.length, 4, problems.join('\n'));
      assert.match(problems.join('\n'), /preset enum .*refactoring/);
      assert.match(problems.join('\n'), /enumDescriptions/);
      assert.match(problems.join('\n'), /weights\.coChange's default preset weight is 0\.9/);
      assert.match(problems.join('\n'), /relatedFiles\.limit default is 25, the code has 20/);
    });

    it('finds a document table that differs from the code', () => {
      const text = [
        '| signal | value | default weight |',
        '| --- | --- | --- |',
        ...SIGNAL_NAMES.map((s) => `| ${s} | x | ${s === 'recency' ? '0.3' : PRESETS.default[s]} |`),
        '',
        '| setting | default | what it does |',
        '| --- | --- | --- |',
        '| `relatedFiles.preset` | `default` | `default`, `seed-0.13` |',
        '| `relatedFiles.limit` | 50 | rows |',
      ].join('\n');
      const real = readManifest();
      const problems = documentProblems('README.md', text, real);
      assert.ok(problems.includes(`README.md: recency's default weight is 0.3, presets.ts has ${PRESETS.default.recency}`), problems.join('\n'));
      assert.ok(problems.includes("README.md: relatedFiles.limit's default is 50, package.json has 20"), problems.join('\n'));
      assert.ok(problems.includes('README.md: the preset row does not name debugging'), problems.join('\n'));
      assert.ok(problems.includes('README.md: the settings table has no row for relatedFiles.exclude'), problems.join('\n'));
    });
  });
});
