/**
 * Where the CLI keeps a folder's database when no `--db` is given: one file per root in the user's
 * cache directory, never inside the user's repository. The name carries the folder's base name
 * (for a person listing the directory) and a hash of its full path (so two `app/` folders differ).
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';

export function userCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches');
  return env.XDG_CACHE_HOME || join(homedir(), '.cache');
}

export function defaultDbPath(root: string, cacheDir: string = userCacheDir()): string {
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 12);
  const name = basename(root).replace(/[^A-Za-z0-9._-]/g, '_') || 'root';
  return join(cacheDir, 'related-files', `${name}-${hash}.sqlite`);
}
