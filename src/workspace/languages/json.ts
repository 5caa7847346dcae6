/**
 * JSON configuration and schema files: the files they point to (all `config` edges).
 *
 * - `extends` at the top level (tsconfig/jsconfig, ESLint, Babel, Stylelint, Biome...): a string or
 *   an array; `./`/`../` paths are files next to the config, other names are packages (`module: true`,
 *   resolved like a TS/JS import: a workspace package's tsconfig, `@tsconfig/node20/tsconfig.json`);
 *   `eslint:recommended`, `plugin:x/y` are presets, not files. tsconfig `references[].path` too.
 * - package.json: `main`, `module`, `types`, `typings`, `browser`, `svelte`, `style`, `bin` (string or
 *   map) and `exports` (nested conditions and subpaths; `*` patterns skipped), relative to the package.
 * - JSON Schema `$ref` anywhere: `./other.json#/definitions/x` -> other.json (`#/...` alone is local).
 *
 * A small tolerant parser rather than JSON.parse: it reads JSONC and JSON5 (comments, trailing
 * commas, single quotes, unquoted keys), keeps each string's offsets, and on a syntax error stops
 * with the references read so far. Files with none of the words it looks for are not parsed at all.
 */
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { isLocalPath, resolveLocalPath, stripQueryAndHash, writtenNameOf } from './relativePath';

interface JsonString {
  readonly type: 'string';
  readonly value: string;
  /** Offsets of the string's content, inside the quotes. */
  readonly start: number;
  readonly end: number;
}
interface JsonObject {
  readonly type: 'object';
  readonly properties: { key: string; value: JsonValue }[];
}
interface JsonArray {
  readonly type: 'array';
  readonly items: JsonValue[];
}
type JsonValue = JsonString | JsonObject | JsonArray | { readonly type: 'other' };

/** package.json fields naming one of the package's files. */
const PACKAGE_ENTRY_FIELDS = new Set(['main', 'module', 'types', 'typings', 'browser', 'svelte', 'style', 'bin', 'exports']);

/** Words without which a file has nothing to read (package.json aside). */
const REFERENCE_WORDS = /"?(?:extends|\$ref|references)"?\s*:/;

/** The references of one JSON file. Never throws. */
export function scanJson(text: string, path: string): ScannedReference[] {
  const isPackageJson = /(?:^|\/)package\.json$/.test(path);
  if (!isPackageJson && !REFERENCE_WORDS.test(text)) return [];
  const root = parseJson(text);
  const found: ScannedReference[] = [];
  collectSchemaRefs(root, found);
  if (root.type !== 'object') return found;
  for (const { key, value } of root.properties) {
    if (key === 'extends') for (const s of strings(value, false)) pushExtends(found, s);
    if (key === 'references' && value.type === 'array') {
      for (const item of value.items)
        if (item.type === 'object') for (const p of item.properties) if (p.key === 'path') pushFile(found, strings(p.value, false));
    }
    if (isPackageJson && PACKAGE_ENTRY_FIELDS.has(key))
      pushFile(
        found,
        strings(value, true).filter((s) => !s.value.includes('*')),
      );
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A string value, or every string of an array (and with `deep`, of nested objects' values too). */
function strings(value: JsonValue, deep: boolean): JsonString[] {
  if (value.type === 'string') return [value];
  if (value.type === 'array') return value.items.flatMap((item) => (item.type === 'string' || deep ? strings(item, deep) : []));
  if (value.type === 'object' && deep) return value.properties.flatMap((p) => strings(p.value, deep));
  return [];
}

function pushExtends(found: ScannedReference[], s: JsonString): void {
  if (!isLocalPath(s.value)) return;
  if (/^\.\.?\//.test(s.value) || s.value.startsWith('/')) pushFile(found, [s]);
  else found.push({ specifier: s.value, kind: 'config', start: s.start, end: s.end, module: true });
}

function pushFile(found: ScannedReference[], values: readonly JsonString[]): void {
  for (const s of values) if (isLocalPath(s.value)) found.push({ specifier: s.value, kind: 'config', start: s.start, end: s.end });
}

function collectSchemaRefs(value: JsonValue, found: ScannedReference[]): void {
  if (value.type === 'array') for (const item of value.items) collectSchemaRefs(item, found);
  if (value.type !== 'object') return;
  for (const p of value.properties) {
    if (p.key === '$ref' && p.value.type === 'string') {
      const file = stripQueryAndHash(p.value.value);
      if (file !== '' && isLocalPath(file)) found.push({ specifier: file, kind: 'config', start: p.value.start, end: p.value.start + file.length });
    } else collectSchemaRefs(p.value, found);
  }
}

/** Stops the parse at a syntax error; the values built so far stay in the tree. */
class SyntaxStop extends Error {}

/** The value at the start of `text` (JSON, JSONC or JSON5); parts after a syntax error are missing. */
export function parseJson(text: string): JsonValue {
  const parser = new TolerantJsonParser(text);
  const holder: JsonArray = { type: 'array', items: [] };
  try {
    parser.value(holder.items);
  } catch (error) {
    if (!(error instanceof SyntaxStop)) throw error;
  }
  return holder.items[0] ?? { type: 'other' };
}

class TolerantJsonParser {
  private i = 0;

  constructor(private readonly text: string) {}

  /** Parses one value and appends it to `into` as soon as it starts, so a syntax error inside keeps its parts. */
  value(into: JsonValue[]): void {
    this.skipTrivia();
    const c = this.text[this.i];
    if (c === '{') {
      const object: JsonObject = { type: 'object', properties: [] };
      into.push(object);
      this.object(object);
    } else if (c === '[') {
      const array: JsonArray = { type: 'array', items: [] };
      into.push(array);
      this.array(array);
    } else if (c === '"' || c === "'") into.push(this.string());
    else if (c !== undefined && /[-+\w.]/.test(c)) {
      while (this.i < this.text.length && /[-+\w.]/.test(this.text[this.i])) this.i++;
      into.push({ type: 'other' });
    } else throw new SyntaxStop();
  }

  private object(object: JsonObject): void {
    this.i++;
    for (;;) {
      this.skipTrivia();
      const c = this.text[this.i];
      if (c === '}') {
        this.i++;
        return;
      }
      if (c === ',') {
        this.i++;
        continue;
      }
      const key = c === '"' || c === "'" ? this.string().value : this.identifier();
      this.skipTrivia();
      if (this.text[this.i] !== ':') throw new SyntaxStop();
      this.i++;
      const holder: JsonValue[] = [];
      const property = { key, value: { type: 'other' } as JsonValue };
      object.properties.push(property);
      try {
        this.value(holder);
      } finally {
        if (holder[0]) property.value = holder[0];
      }
    }
  }

  private array(array: JsonArray): void {
    this.i++;
    for (;;) {
      this.skipTrivia();
      const c = this.text[this.i];
      if (c === ']') {
        this.i++;
        return;
      }
      if (c === ',') {
        this.i++;
        continue;
      }
      this.value(array.items);
    }
  }

  private string(): JsonString {
    const quote = this.text[this.i];
    const start = this.i + 1;
    let escaped = false;
    for (let j = start; j < this.text.length; j++) {
      const c = this.text[j];
      if (c === '\\') {
        escaped = true;
        j++;
      } else if (c === quote) {
        this.i = j + 1;
        const raw = this.text.slice(start, j);
        return { type: 'string', value: escaped ? unescape(raw) : raw, start, end: j };
      } else if (c === '\n') break;
    }
    throw new SyntaxStop();
  }

  private identifier(): string {
    const m = /[\w$]+/y;
    m.lastIndex = this.i;
    const word = m.exec(this.text);
    if (!word) throw new SyntaxStop();
    this.i = m.lastIndex;
    return word[0];
  }

  private skipTrivia(): void {
    const text = this.text;
    for (;;) {
      while (this.i < text.length && /\s/.test(text[this.i])) this.i++;
      if (text[this.i] !== '/') return;
      if (text[this.i + 1] === '/') {
        const newline = text.indexOf('\n', this.i);
        this.i = newline < 0 ? text.length : newline;
      } else if (text[this.i + 1] === '*') {
        const close = text.indexOf('*/', this.i + 2);
        if (close < 0) throw new SyntaxStop();
        this.i = close + 2;
      } else return;
    }
  }
}

/** A string's escapes undone (JSON's, which JSON5 extends only with rarities a path never uses). */
function unescape(raw: string): string {
  try {
    return JSON.parse(`"${raw.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string;
  } catch {
    return raw;
  }
}

/**
 * Files a config path may leave the extension or file name off of, in the order the tools try them:
 * Node's `main` (`lib/index` -> lib/index.js, lib/index/index.js), TypeScript's `extends` (`./base`
 * -> base.json) and `references` (a folder -> its tsconfig.json).
 */
const CONFIG_CANDIDATES = (base: string) => [base, `${base}.js`, `${base}.json`, `${base}/index.js`, `${base}/tsconfig.json`];

export function resolveJsonReference(from: string, reference: ScannedReference, workspace: WorkspaceView): string[] {
  if (reference.module) return [];
  return resolveLocalPath(from, reference.specifier, workspace, CONFIG_CANDIDATES);
}

/** JSON, JSONC and JSON5 files, and the extension-less JSON configs of Babel and ESLint. */
const JSON_FILE = /(?:\.(?:json|jsonc|json5)|(?:^|\/)\.(?:babelrc|eslintrc))$/i;

export const json: LanguageSupport = {
  id: 'json',
  matches: (path) => JSON_FILE.test(path),
  scan: scanJson,
  resolve: resolveJsonReference,
  answerName: writtenNameOf,
};
