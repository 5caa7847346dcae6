/**
 * Finds the module specifier under the cursor on one line of TS/JS: `import x from './a'`,
 * `export * from './a'`, `import './a'`, `import('./a')`, `require('./a')`. One line is enough for
 * a hover and keeps this a cheap regular expression instead of a parse on every mouse move.
 */

export interface SpecifierAt {
  readonly specifier: string;
  /** Character range of the specifier inside the line, quotes excluded. */
  readonly start: number;
  readonly end: number;
}

const SPECIFIER_PATTERNS: readonly RegExp[] = [
  /\bfrom\s*(['"])([^'"\n]+)\1/g,
  /^\s*import\s*(['"])([^'"\n]+)\1/g,
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  /\brequire\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

/** The specifier whose string literal (quotes included) covers `character`, if any. */
export function importSpecifierAt(line: string, character: number): SpecifierAt | undefined {
  for (const pattern of SPECIFIER_PATTERNS) {
    pattern.lastIndex = 0;
    for (const match of line.matchAll(pattern)) {
      const quote = match[1];
      const specifier = match[2];
      const quoteStart = (match.index ?? 0) + match[0].indexOf(quote + specifier + quote);
      const start = quoteStart + 1;
      const end = start + specifier.length;
      if (character >= quoteStart && character <= end) return { specifier, start, end };
    }
  }
  return undefined;
}

/** Relative specifiers the hover can resolve on disk without the TypeScript service. */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');
}

/** Extensions tried for an extensionless specifier, in TypeScript's order, then index files. */
export const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'] as const;

/**
 * Candidate file paths (without the folder prefix) for a relative specifier, in the order to try.
 * `./a.js` also tries `./a.ts` (TypeScript's ESM convention of importing the emitted name).
 */
export function candidatePaths(resolvedBase: string): string[] {
  const out = [resolvedBase];
  const js = /\.(m|c)?jsx?$/.exec(resolvedBase);
  if (js) {
    const stem = resolvedBase.slice(0, -js[0].length);
    const ts = js[1] ? `.${js[1]}ts` : js[0] === '.jsx' ? '.tsx' : '.ts';
    out.push(stem + ts, stem + '.tsx', stem + '.d.ts');
  }
  for (const ext of RESOLVE_EXTENSIONS) out.push(resolvedBase + ext);
  for (const ext of RESOLVE_EXTENSIONS) out.push(`${resolvedBase}/index${ext}`);
  return out;
}
