/** Content hashes of file texts: what an index record keeps to tell an unchanged file from a touched one. */
import { hash } from 'node:crypto';

/**
 * Content hash for warm starts: equal hash = same imports, whatever the mtime says (git checkout touches mtimes).
 * The one-shot `hash` makes no Hash object: half the time of createHash on vitest-sized texts.
 */
export function hashText(text: string): string {
  return hash('sha1', text, 'base64');
}

/**
 * hashText of a file's text from the bytes it was read from: the same hash whenever the bytes are valid
 * UTF-8 (their text encodes back to them), at about a third of the time, since hashing the text encodes it
 * again first. Bytes that are not valid UTF-8 hash differently from their text: such a file is read and
 * scanned again where the two are compared, which costs a read and never keeps stale imports.
 */
export function hashBytes(bytes: Uint8Array): string {
  return hash('sha1', bytes, 'base64');
}
