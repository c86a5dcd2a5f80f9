/**
 * Durations as workflow configs write them: a whole number and a unit (`500ms`, `90s`, `30m`,
 * `72h`, `7d`); the same grammar as the step types' `durationSchema`.
 */

export const DURATION_PATTERN = /^(\d+)(ms|s|m|h|d)$/;

/**
 * The longest duration, a hundred years: more than any real wait. Far enough beyond, a timeout's
 * due date is no date at all (past the year 275,760) and the step that opened it failed its run.
 */
export const MAX_DURATION_DAYS = 36_500;

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

const MAX_DURATION_MS = MAX_DURATION_DAYS * UNIT_MS.d;

export class DurationError extends Error {
  override readonly name = 'DurationError';
}

/** Milliseconds in `text`; throws `DurationError` for anything but `<whole number><ms|s|m|h|d>`. */
export function parseDuration(text: string): number {
  const match = DURATION_PATTERN.exec(text);
  if (!match) throw new DurationError(`"${text}" is not a duration such as 500ms, 90s, 30m, 72h or 7d`);
  const milliseconds = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (!(milliseconds <= MAX_DURATION_MS))
    throw new DurationError(`"${text}" is a duration longer than ${MAX_DURATION_DAYS} days`);
  return milliseconds;
}

/** True when `text` is a duration `parseDuration` takes. */
export function isDuration(text: string): boolean {
  try {
    parseDuration(text);
    return true;
  } catch {
    return false;
  }
}
