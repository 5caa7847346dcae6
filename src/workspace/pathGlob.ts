/**
 * Glob patterns over workspace-relative '/' paths, as VS Code settings write them
 * (`**` any number of folders, `*` and `?` within one segment, `{a,b}` alternatives).
 * A pattern without a '/' matches at any depth ("*.gen.ts" = "**\/*.gen.ts") unless `anyDepth` is
 * false (tsconfig `include` patterns are relative to their folder); a pattern that matches a folder
 * also matches everything under it.
 */

export type PathMatcher = (rel: string) => boolean;

export function globToRegExp(glob: string, anyDepth = true): RegExp {
  let pattern = glob.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  if (anyDepth && !pattern.includes('/')) pattern = '**/' + pattern;
  let re = '';
  let inGroup = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slashAfter = pattern[i + 2] === '/';
      re += slashAfter ? '(?:[^/]*/)*' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      inGroup++;
      re += '(?:';
    } else if (c === '}' && inGroup > 0) {
      inGroup--;
      re += ')';
    } else if (c === ',' && inGroup > 0) re += '|';
    else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  // The pattern may name a folder: match it and anything below it.
  return new RegExp(`^${re}(?:/.*)?$`);
}

/** One matcher for a list of globs; matches nothing when the list is empty. */
export function pathMatcher(globs: readonly string[]): PathMatcher {
  const res = globs.filter((g) => g.trim() !== '').map((g) => globToRegExp(g));
  if (res.length === 0) return () => false;
  return (rel) => res.some((re) => re.test(rel));
}
