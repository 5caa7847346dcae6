/** Small wording helpers shared by the signals' evidence strings, so every face reads the same phrases. */

/** The last segment of a path, for evidence that has to stay short. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** "12 min ago", "3 h ago", "5 days ago". */
export function timeAgo(ms: number): string {
  const minutes = Math.max(0, ms) / 60_000;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${Math.round(minutes)} min ago`;
  const hours = minutes / 60;
  if (hours < 36) return `${Math.round(hours)} h ago`;
  const days = hours / 24;
  if (days < 60) return `${Math.round(days)} days ago`;
  if (days < 730) return `${Math.round(days / 30.4)} months ago`;
  return `${Math.round(days / 365)} years ago`;
}
