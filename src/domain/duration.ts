/**
 * Durations as workflow configs write them: a whole number and a unit (`500ms`, `90s`, `30m`,
 * `72h`, `7d`); the same grammar as the step types' `durationSchema`.
 */

export const DURATION_PATTERN = /^(\d+)(ms|s|m|h|d)$/;

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export class DurationError extends Error {
  override readonly name = 'DurationError';
}

/** Milliseconds in `text`; throws `DurationError` for anything but `<whole number><ms|s|m|h|d>`. */
export function parseDuration(text: string): number {
  const match = DURATION_PATTERN.exec(text);
  if (!match) throw new DurationError(`"${text}" is not a duration such as 500ms, 90s, 30m, 72h or 7d`);
  const milliseconds = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (!Number.isSafeInteger(milliseconds)) throw new DurationError(`"${text}" is too long a duration`);
  return milliseconds;
}
