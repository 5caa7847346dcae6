/**
 * File references a TS/JS file makes outside its imports:
 * - Angular components: `templateUrl: './x.component.html'` (template), `styleUrl: './x.scss'` and
 *   `styleUrls: ['./a.css', './b.scss']` (styles);
 * - `new URL('./worker.js', import.meta.url)` (asset): the way bundlers and Node name a file next to
 *   the module (workers, wasm, images).
 * Paths are relative to the file. Read from the import scanner's tokens (tsImportScanner.ts), so
 * strings, template literals, regular expressions and comments never match; only files holding one of
 * the forms' words are tokenized, up to the last one.
 *
 * Not a LanguageSupport: the index reads TS/JS files with extractImports, and adds these with
 * `tsExtraReferences(text)`, resolved by `resolveTsExtraReference`.
 */
import type { EdgeKind } from '../../core/graph';
import type { ScannedReference, WorkspaceView } from './language';
import { isLocalPath, resolveLocalPath } from './relativePath';
import { scanTokens, type ScannedToken } from '../tsImportScanner';

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
  // Substring searches, the common case: "Url" first, as most files have neither property (two passes over the text, not three).
  if (!hasMetaUrl && !(text.includes('Url') && (text.includes('templateUrl') || text.includes('styleUrl')))) return '';
  let end = -1;
  const site = new RegExp(EXTRA_SITE.source, EXTRA_SITE.flags);
  for (let m = site.exec(text); m; m = site.exec(text)) if (hasMetaUrl || m[0][0] !== 'n') end = m.index + m[0].length;
  return end < 0 ? '' : text.slice(0, end + SITE_TAIL_CHARS);
}

const PROPERTY_KINDS: Readonly<Record<string, EdgeKind>> = { templateUrl: 'template', styleUrl: 'styles', styleUrls: 'styles' };

/** The Angular and `new URL(..., import.meta.url)` references of one TS/JS file. Never throws. */
export function tsExtraReferences(text: string): ScannedReference[] {
  const region = extraRegion(text);
  if (region === '') return [];
  const tokens = scanTokens(region);
  const found: ScannedReference[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const propertyKind = token.kind === 'word' && Object.hasOwn(PROPERTY_KINDS, token.text) ? PROPERTY_KINDS[token.text] : undefined;
    if (propertyKind && isPunctuator(tokens[i + 1], ':')) {
      let j = i + 2;
      const list = isPunctuator(tokens[j], '[');
      if (list) j++;
      for (; isStringToken(tokens[j]); j += 2) {
        pushReference(found, tokens[j], propertyKind);
        if (!list || !isPunctuator(tokens[j + 1], ',')) break;
      }
    } else if (token.kind === 'word' && token.text === 'new' && isNewUrlOfModule(tokens, i)) {
      pushReference(found, tokens[i + 3], 'asset');
    }
  }
  return found;
}

/** `new URL('path', import.meta.url)` starting at tokens[i]. */
function isNewUrlOfModule(tokens: readonly ScannedToken[], i: number): boolean {
  const shape = ['new', 'URL', '(', STRING, ',', 'import', '.', 'meta', '.', 'url', ')'];
  return shape.every((want, k) => (want === STRING ? isStringToken(tokens[i + k]) : tokens[i + k]?.text === want && tokens[i + k].kind !== 'string'));
}

/** Stands for any string in a token shape. */
const STRING = Symbol('string');

function isStringToken(token: ScannedToken | undefined): token is ScannedToken {
  return token?.kind === 'string';
}

function isPunctuator(token: ScannedToken | undefined, text: string): boolean {
  return token?.kind === 'other' && token.text === text;
}

function pushReference(found: ScannedReference[], token: ScannedToken, kind: EdgeKind): void {
  const specifier = token.text;
  if (isLocalPath(specifier)) found.push({ specifier, kind, start: token.start + 1, end: token.start + 1 + specifier.length });
}

/** The workspace file a `tsExtraReferences` reference names, relative to the TS/JS file `from`. */
export function resolveTsExtraReference(from: string, reference: ScannedReference, workspace: WorkspaceView): string[] {
  if (reference.specifier.startsWith('/')) return []; // `new URL('/x', import.meta.url)` is the file system's root
  return resolveLocalPath(from, reference.specifier, workspace);
}
