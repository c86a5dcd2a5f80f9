/** Dates and durations as the pages show them: the reader's locale and time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  return new Date(value).toLocaleString();
}

export function formatDuration(start: string, end: string | null): string {
  if (!end) return 'in progress';
  const ms = Date.parse(end) - Date.parse(start);
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}
