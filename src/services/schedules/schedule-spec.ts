/**
 * Checks a schedule's `cronExpression` the way Temporal's schedule spec reads it (5, 6 or 7
 * fields, `@daily` and friends, `@every <duration>[/<offset>]`), before Temporal sees it, and
 * works out how close together two firings can come. Pure.
 */

const SECONDS_PER_DAY = 86_400;

const PREDEFINED: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

interface FieldRule {
  label: string;
  min: number;
  max: number;
  /** Names accepted for values, by prefix of at least `prefix` letters (months, weekdays). */
  names?: { list: string[]; first: number; prefix: number };
}

const FIELDS = {
  second: { label: 'second', min: 0, max: 59 },
  minute: { label: 'minute', min: 0, max: 59 },
  hour: { label: 'hour', min: 0, max: 23 },
  dayOfMonth: { label: 'day of month', min: 1, max: 31 },
  month: { label: 'month', min: 1, max: 12, names: { list: MONTHS, first: 1, prefix: 3 } },
  dayOfWeek: { label: 'day of week', min: 0, max: 7, names: { list: WEEKDAYS, first: 0, prefix: 2 } },
  year: { label: 'year', min: 2000, max: 2100 },
} satisfies Record<string, FieldRule>;

/** How often a valid expression can fire, or why it is not valid. */
export type ScheduleSpecCheck = { valid: true; minIntervalSeconds: number } | { valid: false; problem: string };

/** Checks `expression` and returns the shortest time between two of its firings. */
export function checkScheduleExpression(expression: string): ScheduleSpecCheck {
  try {
    return { valid: true, minIntervalSeconds: minIntervalSeconds(expression.trim()) };
  } catch (error) {
    if (error instanceof ScheduleSpecProblem) return { valid: false, problem: error.message };
    throw error;
  }
}

class ScheduleSpecProblem extends Error {}

function minIntervalSeconds(expression: string): number {
  if (/^(CRON_)?TZ=/.test(expression))
    throw new ScheduleSpecProblem('set the time zone in the timezone field, not inside the expression');
  if (expression.includes('#')) throw new ScheduleSpecProblem('comments (#) are not supported');
  if (expression.startsWith('@every')) return everyInterval(expression);
  const fields = (PREDEFINED[expression] ?? expression).split(/\s+/);
  if (fields[0]?.startsWith('@')) throw new ScheduleSpecProblem(`unknown shorthand ${fields[0]}`);
  let second = '0';
  let rest = fields;
  if (fields.length === 7) [second = '0', ...rest] = fields;
  else if (fields.length !== 5 && fields.length !== 6)
    throw new ScheduleSpecProblem(`a cron expression has 5 to 7 fields, this one has ${fields.length}`);
  const [minute, hour, dayOfMonth, month, dayOfWeek, year] = rest;
  const seconds = valuesOf(second, FIELDS.second);
  const minutes = valuesOf(minute!, FIELDS.minute);
  const hours = valuesOf(hour!, FIELDS.hour);
  valuesOf(dayOfMonth!, FIELDS.dayOfMonth);
  valuesOf(month!, FIELDS.month);
  valuesOf(dayOfWeek!, FIELDS.dayOfWeek);
  if (year !== undefined && year !== '*') valuesOf(year, FIELDS.year);
  return shortestGap(hours, minutes, seconds);
}

/**
 * The shortest gap between two firing times of one day, counting the gap over midnight as if
 * every day matched: a bound that never overstates how far apart firings are.
 */
function shortestGap(hours: number[], minutes: number[], seconds: number[]): number {
  const times = hours
    .flatMap((hour) => minutes.flatMap((minute) => seconds.map((second) => hour * 3600 + minute * 60 + second)))
    .sort((a, b) => a - b);
  let shortest = times[0]! + SECONDS_PER_DAY - times.at(-1)!;
  for (let index = 1; index < times.length; index += 1)
    shortest = Math.min(shortest, times[index]! - times[index - 1]!);
  return shortest;
}

/** Values of one field: `*`, `x`, `x-z`, `x-z/y`, `x/y` (x to the maximum), `*\/y`, comma lists. */
function valuesOf(field: string, rule: FieldRule): number[] {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [range = '', stepText, extra] = part.split('/');
    if (extra !== undefined) throw new ScheduleSpecProblem(`${rule.label} "${field}" has too many slashes`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (stepText !== undefined && !(/^\d+$/.test(stepText) && step >= 1))
      throw new ScheduleSpecProblem(`${rule.label} "${field}" has an invalid step`);
    let start = rule.min;
    let end = rule.max;
    if (range !== '*') {
      const bounds = range.split('-');
      if (bounds.length > 2) throw new ScheduleSpecProblem(`${rule.label} "${field}" has too many dashes`);
      start = valueOf(bounds[0]!, rule, field);
      if (bounds.length === 2) end = valueOf(bounds[1]!, rule, field);
      else if (stepText === undefined) end = start;
      if (end < start) throw new ScheduleSpecProblem(`${rule.label} "${field}" ends before it starts`);
    }
    for (let value = start; value <= end; value += step) values.add(value);
  }
  return [...values];
}

function valueOf(text: string, rule: FieldRule, field: string): number {
  const names = rule.names;
  if (names && text.length >= names.prefix && /^[a-z]+$/i.test(text)) {
    const index = names.list.findIndex((name) => name.startsWith(text.toLowerCase()));
    if (index >= 0) return index + names.first;
  }
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= rule.min && value <= rule.max))
    throw new ScheduleSpecProblem(`${rule.label} "${field}" is not in the range ${rule.min}-${rule.max}`);
  return value;
}

function everyInterval(expression: string): number {
  const [keyword, argument, ...extra] = expression.split(/\s+/);
  if (keyword !== '@every' || argument === undefined || extra.length > 0)
    throw new ScheduleSpecProblem('@every takes one duration, e.g. "@every 15m" or "@every 1h/15m"');
  const [intervalText = '', offsetText, more] = argument.split('/');
  if (more !== undefined) throw new ScheduleSpecProblem(`"${argument}" has too many slashes`);
  const interval = durationSeconds(intervalText);
  if (interval <= 0) throw new ScheduleSpecProblem(`the interval "${intervalText}" must be longer than zero`);
  if (offsetText !== undefined) {
    const offset = durationSeconds(offsetText);
    if (offset < 0 || offset >= interval)
      throw new ScheduleSpecProblem(`the offset must be shorter than the interval and not negative ("${argument}")`);
  }
  return interval;
}

const UNIT_SECONDS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
  d: SECONDS_PER_DAY,
};

/** A Go-style duration (`90s`, `1h30m`, `1.5h`, `-1s`, `2d`) in seconds. */
function durationSeconds(text: string): number {
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h|d))+$/.exec(text);
  if (!match) throw new ScheduleSpecProblem(`"${text}" is not a duration (use e.g. 30s, 15m, 1h30m, 2d)`);
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d)/g))
    total += Number(amount) * UNIT_SECONDS[unit!]!;
  return match[1] === '-' ? -total : total;
}
