/**
 * The module specifiers of a TS/JS text, where they are written: a hand-written stand-in for
 * `ts.preProcessFile(text, true, true).importedFiles`.
 *
 * It follows preProcessFile's own token rules (below, `scanModuleReferences`) on a smaller
 * tokenizer: `import ... from '...'`, `import type`, `import '...'`, `import('...')` (also with a
 * template literal), `import x = require('...')`, `export ... from '...'` (also `export * as ns
 * from '...'`, which preProcessFile misses), `require('...')`,
 * AMD `define([...])` and `declare module '...'`; comments, strings and template literals (with
 * `${}` nested to any depth) are skipped, and so are regular expression literals, which
 * TypeScript's pre-parse scanner reads as code (a quote inside one hides the rest of its line).
 * JSX text is read as code, as preProcessFile does: an apostrophe in it opens a string that ends
 * with the line. Its reason to exist is speed: preProcessFile's scanner is TypeScript's full one,
 * which V8 compiles on first use at a cost of half a second for each process that indexes;
 * bench/tsScan measures both and how often they agree.
 */
import { APOSTROPHE, BACKSLASH, BACKTICK, COMMA, DOT, HASH, NEWLINE, QUOTE, SLASH, STAR } from './languages/lexing';

/** A specifier and the offset of its opening quote (preProcessFile's `pos`). */
export interface ModuleReference {
  readonly fileName: string;
  readonly pos: number;
}

const enum Token {
  End,
  Word,
  String,
  /** A template literal without substitutions: `import(\`./x\`)` names a module. */
  Template,
  /** The text of a template literal with substitutions, up to its first `${` (not a module name). */
  TemplateHead,
  Number,
  PrivateName,
  Punct,
}

/** Words after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER_WORDS = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);
const LONGEST_REGEX_AFTER_WORD = 10;

const CH_TAB = 9;
const CH_CR = 13;
const CH_SPACE = 32;
const CH_BANG = 33;
const CH_DOLLAR = 36;
const CH_LPAREN = 40;
const CH_RPAREN = 41;
const CH_PLUS = 43;
const CH_MINUS = 45;
const CH_0 = 48;
const CH_9 = 57;
const CH_LT = 60;
const CH_EQ = 61;
const CH_GT = 62;
const CH_LBRACKET = 91;
const CH_RBRACKET = 93;
const CH_UNDERSCORE = 95;
const CH_LBRACE = 123;
const CH_RBRACE = 125;

const WORD_START = 1;
const WORD_PART = 2;
/** Classes of the ASCII characters: letters, `_`, `$` and `\` (a unicode escape) start words; digits continue them. */
const ASCII_CLASS = (() => {
  const classes = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === CH_UNDERSCORE || c === CH_DOLLAR || c === BACKSLASH;
    if (letter) classes[c] = WORD_START | WORD_PART;
    else if (c >= CH_0 && c <= CH_9) classes[c] = WORD_PART;
  }
  return classes;
})();

/** Non-ASCII characters other than spaces count as letters (TypeScript's identifier tables are larger than this scanner needs). */
function isWordStart(c: number): boolean {
  return c < 128 ? (ASCII_CLASS[c] & WORD_START) !== 0 : !isSpace(c);
}

function isWordPart(c: number): boolean {
  return c < 128 ? (ASCII_CLASS[c] & WORD_PART) !== 0 : !isSpace(c);
}

function isLineBreak(c: number): boolean {
  return c === NEWLINE || c === CH_CR || c === 0x2028 || c === 0x2029;
}

/** White space, line breaks included. */
function isSpace(c: number): boolean {
  if (c <= CH_SPACE) return c === CH_SPACE || (c >= CH_TAB && c <= CH_CR);
  return c > 127 && (c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029 || /\s/.test(String.fromCharCode(c)));
}

/** One token at a time: its kind, where it starts and ends, and a literal's text. */
class Tokenizer {
  token = Token.End;
  /**
   * Where a string or template literal's text lies and whether it has escapes: the text itself is
   * cut only when a rule asks for it (`literal`), as most strings of a file name no module.
   */
  private literalStart = 0;
  private literalEnd = 0;
  private literalEscaped = false;
  start = 0;
  /** End of the current token (of a word: where `word` ends). */
  end = 0;
  /** The punctuation character of a Punct token (0 for multi-character operators that matter to nobody). */
  punct = 0;
  private pos = 0;
  /** For each open `${` of a template: the brace depth at which its `}` resumes the template. */
  private readonly templates: number[] = [];
  private braces = 0;

  constructor(private readonly text: string) {
    // A hashbang line is no code.
    if (text.startsWith('#!')) {
      while (this.pos < text.length && !isLineBreak(text.charCodeAt(this.pos))) this.pos++;
    }
  }

  /** The current string or template literal's decoded text (words are compared in place: see `isWord`). */
  get literal(): string {
    const raw = this.text.slice(this.literalStart, this.literalEnd);
    return this.literalEscaped ? unescape(raw) : raw;
  }

  private setLiteral(start: number, end: number, escaped: boolean): void {
    this.literalStart = start;
    this.literalEnd = end;
    this.literalEscaped = escaped;
  }

  /** Is the current token this word? Compares in place, without copying the word out. */
  isWord(word: string): boolean {
    return this.token === Token.Word && this.end - this.start === word.length && this.text.startsWith(word, this.start);
  }

  /** The brace nesting of the code (template substitutions' own braces not counted). */
  get braceDepth(): number {
    return this.braces;
  }

  scan(): Token {
    const kind = this.scanToken();
    this.token = kind;
    this.end = this.pos;
    return kind;
  }

  /** The next token's kind and word, without consuming it. */
  peek(): { token: Token; isFrom: boolean; punct: number } {
    const saved = {
      pos: this.pos,
      token: this.token,
      literalStart: this.literalStart,
      literalEnd: this.literalEnd,
      literalEscaped: this.literalEscaped,
      start: this.start,
      end: this.end,
      punct: this.punct,
      braces: this.braces,
      templates: [...this.templates],
    };
    const token = this.scan();
    const next = { token, isFrom: this.isWord('from'), punct: this.punct };
    this.pos = saved.pos;
    this.token = saved.token;
    this.setLiteral(saved.literalStart, saved.literalEnd, saved.literalEscaped);
    this.start = saved.start;
    this.end = saved.end;
    this.punct = saved.punct;
    this.braces = saved.braces;
    this.templates.length = 0;
    this.templates.push(...saved.templates);
    return next;
  }

  /**
   * Could a `/` here start a regular expression? Decided by the previous token, whose fields the
   * tokenizer still holds: asked only at a `/`, not after every token (with a word's slice and set
   * lookup after every word, a first pass over vitest took about a fifth longer: bench/tsScan).
   */
  private regexMayFollow(): boolean {
    switch (this.token) {
      case Token.End:
        return true; // the start of the text
      case Token.Word:
        return this.end - this.start <= LONGEST_REGEX_AFTER_WORD && REGEX_AFTER_WORDS.has(this.text.slice(this.start, this.end));
      case Token.Punct:
        // After `<` a slash closes a JSX element (`</div>`) rather than opening a regular expression;
        // after `++` or `--` (`i++ / 2`) it divides (a regular expression cannot be incremented).
        if ((this.punct === CH_PLUS || this.punct === CH_MINUS) && this.start > 0 && this.text.charCodeAt(this.start - 1) === this.punct)
          return false;
        return this.punct !== CH_RPAREN && this.punct !== CH_RBRACKET && this.punct !== CH_RBRACE && this.punct !== CH_LT;
      case Token.TemplateHead:
        return true;
      default:
        return false;
    }
  }

  private scanToken(): Token {
    const text = this.text;
    const n = text.length;
    for (;;) {
      if (this.pos >= n) {
        this.start = n;
        return Token.End;
      }
      const c = text.charCodeAt(this.pos);
      if (isSpace(c)) {
        this.pos++;
        continue;
      }
      if (c === SLASH) {
        const d = codeAt(text, this.pos + 1);
        if (d === SLASH) {
          this.pos += 2;
          while (this.pos < n && !isLineBreak(text.charCodeAt(this.pos))) this.pos++;
          continue;
        }
        if (d === STAR) {
          const close = text.indexOf('*/', this.pos + 2);
          this.pos = close < 0 ? n : close + 2;
          continue;
        }
        if (this.regexMayFollow() && this.scanRegex()) continue;
      }
      this.start = this.pos;
      if (isWordStart(c)) return this.scanWord();
      if (c === APOSTROPHE || c === QUOTE) return this.scanString(c);
      if (c === BACKTICK) {
        this.pos++;
        return this.scanTemplate(true);
      }
      if (c >= CH_0 && c <= CH_9) return this.scanNumber();
      if (c === DOT && isDigit(codeAt(text, this.pos + 1))) return this.scanNumber();
      if (c === HASH && isWordStart(codeAt(text, this.pos + 1))) {
        this.pos++;
        this.scanWord();
        return Token.PrivateName;
      }
      return this.scanPunct(c);
    }
  }

  private scanWord(): Token {
    const text = this.text;
    this.pos++;
    while (this.pos < text.length && isWordPart(text.charCodeAt(this.pos))) this.pos++;
    return Token.Word;
  }

  private scanNumber(): Token {
    const text = this.text;
    this.pos++;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (isWordPart(c) || c === DOT) this.pos++;
      // An exponent's sign: 1e-5, 2E+3.
      else if ((c === 43 || c === 45) && /[eE]/.test(text[this.pos - 1]) && !/^0[xX]/.test(text.slice(this.start, this.pos))) this.pos++;
      else break;
    }
    return Token.Number;
  }

  /** A quoted string: it ends at its closing quote, or unterminated at the end of its line (as TypeScript's scanner ends it). */
  private scanString(quote: number): Token {
    const text = this.text;
    let pos = this.pos + 1;
    let escaped = false;
    for (; pos < text.length; pos++) {
      const c = text.charCodeAt(pos);
      if (c === quote) break;
      if (c === BACKSLASH) {
        escaped = true;
        pos++;
        // A backslash before CR LF continues the string on the next line.
        if (codeAt(text, pos) === CH_CR && codeAt(text, pos + 1) === NEWLINE) pos++;
        continue;
      }
      if (c === NEWLINE || c === CH_CR) break;
    }
    this.setLiteral(this.pos + 1, Math.min(pos, text.length), escaped);
    this.pos = pos < text.length && text.charCodeAt(pos) === quote ? pos + 1 : pos;
    return Token.String;
  }

  /**
   * Template text from `this.pos` (just after the backtick, or after the `}` closing a
   * substitution): up to the closing backtick (a whole template, or the tail after a substitution),
   * or up to a `${`, which opens a substitution whose code the tokenizer then reads.
   */
  private scanTemplate(opening: boolean): Token {
    const text = this.text;
    let pos = this.pos;
    let escaped = false;
    for (; pos < text.length; pos++) {
      const c = text.charCodeAt(pos);
      if (c === BACKSLASH) {
        escaped = true;
        pos++;
        continue;
      }
      if (c === BACKTICK) {
        this.setLiteral(this.pos, pos, escaped);
        this.pos = pos + 1;
        return opening ? Token.Template : Token.TemplateHead;
      }
      if (c === CH_DOLLAR && codeAt(text, pos + 1) === CH_LBRACE) {
        this.pos = pos + 2;
        this.templates.push(this.braces);
        this.setLiteral(pos, pos, false);
        return Token.TemplateHead;
      }
    }
    this.pos = text.length;
    this.setLiteral(this.start + 1, text.length, false);
    return opening ? Token.Template : Token.TemplateHead;
  }

  /** A regular expression literal from the `/` at `this.pos`; false (nothing consumed) when the line ends first. */
  private scanRegex(): boolean {
    const text = this.text;
    let pos = this.pos + 1;
    let inClass = false;
    for (; pos < text.length; pos++) {
      const c = text.charCodeAt(pos);
      if (isLineBreak(c)) return false;
      if (c === BACKSLASH) pos++;
      else if (c === CH_LBRACKET) inClass = true;
      else if (c === CH_RBRACKET) inClass = false;
      else if (c === SLASH && !inClass) break;
    }
    if (pos >= text.length) return false;
    pos++;
    while (pos < text.length && isWordPart(text.charCodeAt(pos))) pos++;
    this.pos = pos;
    // What follows a regex is an operator or the end of an expression, as after a number.
    this.token = Token.Number;
    return true;
  }

  private scanPunct(c: number): Token {
    const text = this.text;
    this.pos++;
    this.punct = c;
    if (c === CH_LBRACE) this.braces++;
    else if (c === CH_RBRACE) {
      if (this.templates.length > 0 && this.templates[this.templates.length - 1] === this.braces) {
        this.templates.pop();
        return this.scanTemplate(false);
      }
      this.braces--;
    } else if (c === DOT) {
      // `...` (spread) is not the `.` of a member access.
      if (codeAt(text, this.pos) === DOT && codeAt(text, this.pos + 1) === DOT) {
        this.pos += 2;
        this.punct = 0;
      }
    } else if (c === CH_EQ) {
      // `==`, `===` and `=>` are not the `=` of `import x = require()`.
      const d = codeAt(text, this.pos);
      if (d === CH_EQ || d === CH_GT) {
        this.pos++;
        if (d === CH_EQ && codeAt(text, this.pos) === CH_EQ) this.pos++;
        this.punct = 0;
      }
    } else if (c === CH_BANG && codeAt(text, this.pos) === CH_EQ) {
      this.pos++;
      if (codeAt(text, this.pos) === CH_EQ) this.pos++;
      this.punct = 0;
    }
    return Token.Punct;
  }
}

/**
 * The code unit at `i`, or -1 past the end. A lookahead past the end of the text (its last token) made
 * V8 drop the scanner's optimized code ("out of bounds"), a few times in every first pass.
 */
function codeAt(text: string, i: number): number {
  return i < text.length ? text.charCodeAt(i) : -1;
}

function isDigit(c: number): boolean {
  return c >= CH_0 && c <= CH_9;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** The cooked value of a literal's text with backslash escapes (\n, \x41, \u0041, \u{41}, line continuations). */
function unescape(raw: string): string {
  return raw.replace(/\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(\r\n|[\s\S]))/g, (_, braced, u4, x2, ch: string | undefined) => {
    const hex = braced ?? u4 ?? x2;
    if (hex !== undefined) {
      const code = parseInt(hex, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    if (ch === undefined || ch === '\r\n' || ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029') return '';
    return SIMPLE_ESCAPES[ch] ?? ch;
  });
}

/** A token of `scanTokens`: a word, a string (or template literal without substitutions), or anything else. */
export interface ScannedToken {
  readonly kind: 'word' | 'string' | 'other';
  /** A word's text, a string's decoded value, a punctuator's characters; '' for the rest. */
  readonly text: string;
  /** Offset of the token's first character (a string's opening quote). */
  readonly start: number;
}

/**
 * The tokens of `text` with comments, regular expressions and template text left out (the code in
 * a template's `${}` is read), for scanners of other forms (languages/tsExtras.ts).
 */
export function scanTokens(text: string): ScannedToken[] {
  const t = new Tokenizer(text);
  const tokens: ScannedToken[] = [];
  for (let kind = t.scan(); kind !== Token.End; kind = t.scan()) {
    if (kind === Token.Word) tokens.push({ kind: 'word', text: text.slice(t.start, t.end), start: t.start });
    else if (kind === Token.String || kind === Token.Template) tokens.push({ kind: 'string', text: t.literal, start: t.start });
    else tokens.push({ kind: 'other', text: kind === Token.Punct ? text.slice(t.start, t.end) : '', start: t.start });
  }
  return tokens;
}

/**
 * The module references of `text`, in preProcessFile's order: each `import`/`export`/`require`/
 * `define` form as its tokens are met (TypeScript's own rules, ported from its `preProcessFile`),
 * then `declare module '...'` names, which count as references in a module (a file with a
 * top-level import or export) and, in a script, only when nested in a block.
 *
 * `stopAt`: where the caller knows the last import site ends (extractImports). The scan stops at
 * the first token from there on outside a form, unless a `declare module` waits to learn whether
 * a later `export` makes the file a module.
 */
export function scanModuleReferences(text: string, stopAt = text.length): ModuleReference[] {
  return new ReferenceScanner(text, stopAt).run();
}

/** preProcessFile's rules over the tokens (methods, not closures: one scanner per file, nothing allocated per rule). */
class ReferenceScanner {
  private readonly t: Tokenizer;
  private readonly imported: ModuleReference[] = [];
  /** `declare module '...'` names, made for the few files that have one (see `run`). */
  private ambient: { ref: ModuleReference; depth: number }[] | undefined;
  private externalModule = false;
  private lastWasDot = false;

  constructor(
    text: string,
    private readonly stopAt: number,
  ) {
    this.t = new Tokenizer(text);
  }

  private next(): Token {
    this.lastWasDot = this.t.token === Token.Punct && this.t.punct === DOT;
    return this.t.scan();
  }
  // A method, not `this.t.token === ...` inline: the compiler would keep a narrowed kind across next().
  private is(kind: Token): boolean {
    return this.t.token === kind;
  }
  private isWord(word: string): boolean {
    return this.t.isWord(word);
  }
  private isPunct(c: number): boolean {
    return this.t.token === Token.Punct && this.t.punct === c;
  }
  /** A word of the length of `import`, `export`, `define` (6) or `require`, `declare` (7): where a rule may start. */
  private atRuleWord(): boolean {
    const length = this.t.end - this.t.start;
    return this.t.token === Token.Word && (length === 6 || length === 7);
  }
  private markTopLevel() {
    if (this.t.braceDepth === 0) this.externalModule = true;
  }
  private record() {
    this.imported.push({ fileName: this.t.literal, pos: this.t.start });
    this.markTopLevel();
  }
  /** `from '...'` at the current token. */
  private fromClause() {
    if (this.isWord('from')) {
      this.next();
      if (this.is(Token.String)) this.record();
    }
  }
  /** `{ ... }` at the current token, then `from '...'`. */
  private bracedClause() {
    this.next();
    while (!this.isPunct(CH_RBRACE) && !this.is(Token.End)) this.next();
    if (this.isPunct(CH_RBRACE)) {
      this.next();
      this.fromClause();
    }
  }
  private tryRequireCall(skipCurrent: boolean, allowTemplate: boolean): boolean {
    if (skipCurrent) this.next();
    if (!this.isWord('require')) return false;
    this.next();
    if (this.isPunct(CH_LPAREN)) {
      this.next();
      if (this.is(Token.String) || (allowTemplate && this.is(Token.Template))) this.record();
    }
    return true;
  }
  private tryDeclare(): boolean {
    if (!this.isWord('declare')) return false;
    this.next();
    if (this.isWord('module')) {
      this.next();
      if (this.is(Token.String)) (this.ambient ??= []).push({ ref: { fileName: this.t.literal, pos: this.t.start }, depth: this.t.braceDepth });
    }
    return true;
  }
  private tryImport(): boolean {
    if (this.lastWasDot || !this.isWord('import')) return false;
    this.next();
    if (this.isPunct(CH_LPAREN)) {
      this.next();
      if (this.is(Token.String) || this.is(Token.Template)) {
        this.record();
        return true;
      }
      return true;
    }
    if (this.is(Token.String)) {
      this.record();
      return true;
    }
    if (this.isWord('type')) {
      const after = this.t.peek();
      const skipType =
        !after.isFrom && (after.token === Token.Word || (after.token === Token.Punct && (after.punct === STAR || after.punct === CH_LBRACE)));
      if (skipType) this.next();
    }
    if (this.is(Token.Word)) {
      this.next();
      if (this.isWord('from')) {
        this.next();
        if (this.is(Token.String)) this.record();
        return true;
      }
      if (this.isPunct(CH_EQ)) {
        this.tryRequireCall(true, false);
        return true;
      }
      if (!this.isPunct(COMMA)) return true;
      this.next();
    }
    if (this.isPunct(CH_LBRACE)) this.bracedClause();
    else if (this.isPunct(STAR)) {
      this.next();
      if (this.isWord('as')) {
        this.next();
        if (this.is(Token.Word)) {
          this.next();
          this.fromClause();
        }
      }
    }
    return true;
  }
  private tryExport(): boolean {
    if (!this.isWord('export')) return false;
    this.markTopLevel();
    this.next();
    if (this.isWord('type')) {
      const after = this.t.peek();
      if (after.token === Token.Punct && (after.punct === STAR || after.punct === CH_LBRACE)) this.next();
    }
    if (this.isPunct(CH_LBRACE)) this.bracedClause();
    else if (this.isPunct(STAR)) {
      this.next();
      // `export * as ns from '...'`, which preProcessFile misses.
      if (this.isWord('as')) {
        this.next();
        if (this.is(Token.Word)) this.next();
      }
      this.fromClause();
    } else if (this.isWord('import')) {
      this.next();
      if (this.isWord('type')) {
        const after = this.t.peek();
        if (after.token === Token.Word) this.next();
      }
      if (this.is(Token.Word)) {
        this.next();
        if (this.isPunct(CH_EQ)) this.tryRequireCall(true, false);
      }
    }
    return true;
  }
  private tryDefine(): boolean {
    if (!this.isWord('define')) return false;
    this.next();
    if (!this.isPunct(CH_LPAREN)) return true;
    this.next();
    if (this.is(Token.String) || this.is(Token.Template)) {
      this.next();
      if (!this.isPunct(COMMA)) return true;
      this.next();
    }
    if (!this.isPunct(CH_LBRACKET)) return true;
    this.next();
    while (!this.isPunct(CH_RBRACKET) && !this.is(Token.End)) {
      if (this.is(Token.String) || this.is(Token.Template)) this.record();
      this.next();
    }
    return true;
  }

  run(): ModuleReference[] {
    this.next();
    while (!this.is(Token.End)) {
      if (this.t.start >= this.stopAt && (this.externalModule || !this.ambient)) break;
      if (this.atRuleWord() && (this.tryDeclare() || this.tryImport() || this.tryExport() || this.tryRequireCall(false, true) || this.tryDefine()))
        continue;
      this.next();
    }
    // No array for files without a `declare module`: an empty one (another elements kind than a
    // filled one) looked at here made V8 drop this loop's optimized code at the end of most files.
    if (this.ambient) for (const a of this.ambient) if (this.externalModule || a.depth > 0) this.imported.push(a.ref);
    return this.imported;
  }
}
