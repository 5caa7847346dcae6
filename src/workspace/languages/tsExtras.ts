/**
 * File references a TS/JS file makes outside its imports:
 * - Angular components: `templateUrl: './x.component.html'` (template), `styleUrl: './x.scss'` and
 *   `styleUrls: ['./a.css', './b.scss']` (styles);
 * - `new URL('./worker.js', import.meta.url)` (asset): the way bundlers and Node name a file next to
 *   the module (workers, wasm, images).
 * Paths are relative to the file. Read with TypeScript's scanner, so strings, template literals and
 * comments never match; only files holding one of the forms' words are tokenized, up to the last one.
 *
 * Not a LanguageSupport: the index reads TS/JS files with extractImports, and adds these with
 * `tsExtraReferences(text)`, resolved by `resolveTsExtraReference`.
 */
import { ts } from 'ts-morph';
import type { EdgeKind } from '../../core/graph';
import type { ScannedReference, WorkspaceView } from './language';
import { isLocalPath, resolveLocalPath } from './relativePath';

/** Where a reference can start: Angular's properties, `new URL(`. */
const EXTRA_SITE = /\b(?:templateUrl|styleUrls?)\b|\bnew\s+URL\s*\(/g;
/** Room after the last site for the rest of its form (a `styleUrls` list, `import.meta.url)`). */
const SITE_TAIL_CHARS = 2000;

/**
 * The prefix of `text` the token scan needs: up to the last site plus its tail; '' when there is
 * none (most files), or no `new URL(` can be the module form because `import.meta.url` is absent.
 */
function extraRegion(text: string): string {
  const hasMetaUrl = text.includes('import.meta.url');
  if (!hasMetaUrl && !text.includes('templateUrl') && !text.includes('styleUrl')) return ''; // substring search: the common case, fast
  let end = -1;
  const site = new RegExp(EXTRA_SITE.source, EXTRA_SITE.flags);
  for (let m = site.exec(text); m; m = site.exec(text)) if (hasMetaUrl || m[0][0] !== 'n') end = m.index + m[0].length;
  return end < 0 ? '' : text.slice(0, end + SITE_TAIL_CHARS);
}

const PROPERTY_KINDS: Readonly<Record<string, EdgeKind>> = { templateUrl: 'template', styleUrl: 'styles', styleUrls: 'styles' };

interface Token {
  readonly kind: ts.SyntaxKind;
  readonly text: string;
  /** Offset of the token's first character (a string's opening quote). */
  readonly start: number;
}

/** The Angular and `new URL(..., import.meta.url)` references of one TS/JS file. Never throws. */
export function tsExtraReferences(text: string): ScannedReference[] {
  const region = extraRegion(text);
  if (region === '') return [];
  const tokens = significantTokens(region);
  const found: ScannedReference[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const propertyKind = token.kind === ts.SyntaxKind.Identifier ? PROPERTY_KINDS[token.text] : undefined;
    if (propertyKind && tokens[i + 1]?.kind === ts.SyntaxKind.ColonToken) {
      let j = i + 2;
      const list = tokens[j]?.kind === ts.SyntaxKind.OpenBracketToken;
      if (list) j++;
      for (; isStringToken(tokens[j]); j += 2) {
        pushReference(found, tokens[j], propertyKind);
        if (!list || tokens[j + 1]?.kind !== ts.SyntaxKind.CommaToken) break;
      }
    } else if (token.kind === ts.SyntaxKind.NewKeyword && isNewUrlOfModule(tokens, i)) {
      pushReference(found, tokens[i + 3], 'asset');
    }
  }
  return found;
}

/** `new URL('path', import.meta.url)` starting at tokens[i]. */
function isNewUrlOfModule(tokens: readonly Token[], i: number): boolean {
  const shape = [ts.SyntaxKind.NewKeyword, 'URL', ts.SyntaxKind.OpenParenToken, 'string', ts.SyntaxKind.CommaToken, ts.SyntaxKind.ImportKeyword];
  const tail = ['.', 'meta', '.', 'url', ')'];
  for (let k = 0; k < shape.length; k++) {
    const want = shape[k];
    const token = tokens[i + k];
    if (!token) return false;
    if (want === 'string' ? !isStringToken(token) : typeof want === 'string' ? token.text !== want : token.kind !== want) return false;
  }
  return tail.every((text, k) => tokens[i + shape.length + k]?.text === text);
}

function isStringToken(token: Token | undefined): token is Token {
  return token?.kind === ts.SyntaxKind.StringLiteral || token?.kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral;
}

function pushReference(found: ScannedReference[], token: Token, kind: EdgeKind): void {
  const specifier = token.text;
  if (isLocalPath(specifier)) found.push({ specifier, kind, start: token.start + 1, end: token.start + 1 + specifier.length });
}

let endsExpressionKinds: ReadonlySet<ts.SyntaxKind> | undefined;

/** Tokens that can follow a value: after them `/` divides, elsewhere it starts a regular expression. */
function endsExpression(): ReadonlySet<ts.SyntaxKind> {
  // Made on first use, not when this module loads: TypeScript is loaded on first use (lazyTypescript.ts).
  return (endsExpressionKinds ??= new Set([
    ts.SyntaxKind.Identifier,
    ts.SyntaxKind.StringLiteral,
    ts.SyntaxKind.NumericLiteral,
    ts.SyntaxKind.BigIntLiteral,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TemplateTail,
    ts.SyntaxKind.RegularExpressionLiteral,
    ts.SyntaxKind.CloseParenToken,
    ts.SyntaxKind.CloseBracketToken,
    ts.SyntaxKind.CloseBraceToken,
    ts.SyntaxKind.ThisKeyword,
    ts.SyntaxKind.TrueKeyword,
    ts.SyntaxKind.FalseKeyword,
    ts.SyntaxKind.NullKeyword,
  ]));
}

/**
 * The file's tokens without comments and whitespace. The scanner alone cannot tell a regular
 * expression from a division, nor the `}` closing a template's `${` from a block's: these are
 * decided from the previous token and a stack of open braces, as the parser would.
 */
function significantTokens(text: string): Token[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const endsValue = endsExpression();
  const tokens: Token[] = [];
  const braces: ('block' | 'template')[] = [];
  let previous: ts.SyntaxKind | undefined;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && (previous === undefined || !endsValue.has(previous))) {
      kind = scanner.reScanSlashToken();
    } else if (kind === ts.SyntaxKind.CloseBraceToken && braces.pop() === 'template') {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateMiddle) braces.push('template');
    } else if (kind === ts.SyntaxKind.OpenBraceToken) braces.push('block');
    else if (kind === ts.SyntaxKind.TemplateHead) braces.push('template');
    const valued = kind === ts.SyntaxKind.Identifier || kind === ts.SyntaxKind.StringLiteral || kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral;
    tokens.push({ kind, text: valued ? scanner.getTokenValue() : scanner.getTokenText(), start: scanner.getTokenStart() });
    previous = kind;
  }
  return tokens;
}

/** The workspace file a `tsExtraReferences` reference names, relative to the TS/JS file `from`. */
export function resolveTsExtraReference(from: string, reference: ScannedReference, workspace: WorkspaceView): string[] {
  if (reference.specifier.startsWith('/')) return []; // `new URL('/x', import.meta.url)` is the file system's root
  return resolveLocalPath(from, reference.specifier, workspace);
}
