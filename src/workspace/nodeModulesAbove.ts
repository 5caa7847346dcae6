/**
 * Is there a node_modules folder in a folder or in any folder above it, up to the file system's
 * root? Where there is none, no bare specifier can name an installed package: resolution skips
 * TypeScript's node_modules walk for it (resolveSpecifier.ts), and a tsconfig's `extends` naming a
 * package cannot be found (tsconfigs.ts). The folders above are asked first: in an installed
 * workspace the root's node_modules answers for every folder under it, with one stat in all.
 */
import { childPath } from './languages/resolving';
import { absPath } from './sourceHost';

export class NodeModulesAbove {
  /** `<folder>/node_modules` -> is it a folder (kept: the listing never names what is in node_modules). */
  private readonly folders = new Map<string, boolean>();
  /** Folder -> the answer for it, until the file set changes. */
  private readonly answers = new Map<string, boolean>();

  constructor(
    private readonly root: string,
    private readonly directoryExists: (rel: string) => boolean,
  ) {}

  /** For a host-relative folder ('' the root; "../x" above it). */
  has(dir: string): boolean {
    const known = this.answers.get(dir);
    if (known !== undefined) return known;
    const parent = parentFolder(this.root, dir);
    const found = (parent !== undefined && this.has(parent)) || this.holdsOne(dir);
    this.answers.set(dir, found);
    return found;
  }

  /**
   * The nearest folder at or above `dir` (host-relative) that holds a node_modules folder, undefined when
   * none does: a node_modules walk from `dir` meets the same folders as one from there.
   */
  nearest(dir: string): string | undefined {
    if (this.nearestOf.has(dir)) return this.nearestOf.get(dir);
    let found: string | undefined;
    if (this.has(dir)) found = this.holdsOne(dir) ? dir : this.nearest(parentFolder(this.root, dir)!);
    this.nearestOf.set(dir, found);
    return found;
  }

  /** Does this folder itself hold a node_modules folder? One stat per folder, kept. */
  private holdsOne(dir: string): boolean {
    const here = childPath(dir, 'node_modules');
    let known = this.folders.get(here);
    if (known === undefined) this.folders.set(here, (known = this.directoryExists(here)));
    return known;
  }

  /** Folder -> nearest(folder), until the file set changes. */
  private readonly nearestOf = new Map<string, string | undefined>();

  /** Files were added or removed. */
  clear(): void {
    this.answers.clear();
    this.nearestOf.clear();
  }
}

/** The folder above `dir` (host-relative, may climb above the root with "../"), or undefined at the file system's root. */
export function parentFolder(root: string, dir: string): string | undefined {
  if (dir !== '' && !dir.startsWith('..')) {
    const at = dir.lastIndexOf('/');
    return at < 0 ? '' : dir.slice(0, at);
  }
  const parent = dir === '' ? '..' : `../${dir}`;
  // At the file system's root ("/", "C:") absPath stops climbing: the "parent" is no shorter.
  return absPath(root, parent).length < absPath(root, dir).length ? parent : undefined;
}
