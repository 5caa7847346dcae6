/**
 * The one way to turn a caught value into text: JavaScript lets anything be thrown, so a caught
 * value is `unknown` and may be a string, an object without a message, or an Error.
 */

/** The message of an Error, or the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The stack of an Error (for logs, where the place matters), else the same text as errorMessage. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
