import { describe, expect, it } from '@jest/globals';
import { checkScheduleExpression } from '../../../src/services/schedules/schedule-spec.js';

const interval = (expression: string) => {
  const check = checkScheduleExpression(expression);
  if (!check.valid) throw new Error(`expected ${expression} to be valid: ${check.problem}`);
  return check.minIntervalSeconds;
};
const problem = (expression: string) => {
  const check = checkScheduleExpression(expression);
  return check.valid ? undefined : check.problem;
};

describe('how close together two firings of a schedule can come', () => {
  it.each([
    ['* * * * *', 60],
    ['*/5 * * * *', 300],
    ['0,59 * * * *', 60],
    ['30 0,23 * * *', 3600],
    ['0 9 * * mon-fri', 86_400],
    ['@hourly', 3600],
    ['@weekly', 86_400],
    ['0 0 12 * * * 2030', 86_400],
    ['* * * * * * *', 1],
    ['0/20 * * * * * *', 20],
    ['@every 90s', 90],
    ['@every 1h30m/15m', 5400],
    ['@every 1.5m', 90],
    ['@every 2d', 172_800],
    ['@every 1ms', 0.001],
  ])('%s: %d s', (expression, seconds) => {
    expect(interval(expression)).toBeCloseTo(seconds, 9);
  });
});

describe('what Temporal would refuse is refused first, with the reason', () => {
  it.each([
    ['@every 0s', 'longer than zero'],
    ['@every -1s', 'longer than zero'],
    ['@every', 'one duration'],
    ['@every 5 minutes', 'one duration'],
    ['@every 1x', 'not a duration'],
    ['@every 1h/1h', 'offset must be shorter'],
    ['@every 1h/2m/3m', 'too many slashes'],
    ['@often', 'unknown shorthand'],
    ['* * * *', '5 to 7 fields'],
    ['60 * * * *', 'minute "60" is not in the range 0-59'],
    ['0 0 0 * *', 'day of month'],
    ['0 0 * 13 *', 'month'],
    ['0 0 * * 8', 'day of week'],
    ['0 0 * * * 2101', 'year'],
    ['5-1 * * * *', 'ends before it starts'],
    ['1-2-3 * * * *', 'too many dashes'],
    ['*/x * * * *', 'invalid step'],
    ['? * * * *', 'minute'],
    ['CRON_TZ=UTC 0 9 * * *', 'timezone field'],
    ['0 9 * * * # nine', 'comments'],
  ])('%s', (expression, reason) => {
    expect(problem(expression)).toContain(reason);
  });

  it('accepts month and weekday names by prefix, as Temporal does', () => {
    expect(problem('0 9 1 jan,JUL *')).toBeUndefined();
    expect(problem('0 9 * * su,sat')).toBeUndefined();
    expect(problem('0 9 * * 7')).toBeUndefined();
  });
});
