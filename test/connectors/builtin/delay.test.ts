import { describe, expect, it } from '@jest/globals';
import { createDelayHandler } from '../../../src/connectors/builtin/delay.js';
import { parseDuration } from '../../../src/domain/duration.js';

const handler = createDelayHandler();
const wait = (parameters: Record<string, unknown>, signal = new AbortController().signal) =>
  handler.execute(
    { config: { command: 'wait', parameters, connection: {} }, variables: {}, stepId: 's1', instanceId: 'test' },
    { signal },
  );

describe('parseDuration reads a whole number and a unit', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['30m', 1_800_000],
    ['72h', 259_200_000],
    ['7d', 604_800_000],
    ['0s', 0],
    ['36500d', 3_153_600_000_000],
  ])('%s is %i ms', (text, milliseconds) => {
    expect(parseDuration(text)).toBe(milliseconds);
  });

  it.each(['', '90', 's', '1.5h', '-5s', ' 5s', '5 s', '5S', '5sec', '5w', '1h30m', '36501d', '99999999999999999999d'])(
    'refuses %p',
    (text) => {
      expect(() => parseDuration(text)).toThrow(/duration/);
    },
  );
});

describe('wait', () => {
  it('waits about the duration and reports the time waited', async () => {
    const started = performance.now();
    const result = await wait({ duration: '150ms' });
    const elapsed = performance.now() - started;
    expect(result.success).toBe(true);
    expect(result.data?.waitedMs).toEqual(expect.any(Number));
    expect(result.data?.waitedMs).toBeGreaterThanOrEqual(145);
    expect(elapsed).toBeGreaterThanOrEqual(145);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('an aborted signal ends the wait early with code timeout', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const result = await wait({ duration: '1h' }, controller.signal);
    expect(result).toEqual({ success: false, code: 'timeout', error: expect.stringContaining('cut short') });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('a signal aborted before the call does not wait at all', async () => {
    const result = await wait({ duration: '7d' }, AbortSignal.abort());
    expect(result.code).toBe('timeout');
  });

  it.each([
    { duration: '1.5h' },
    { duration: 'soon' },
    { duration: '36501d' },
    { duration: 90 },
    {},
    { duration: '5s', extra: true },
  ])('refuses parameters %p', async (parameters) => {
    const result = await wait(parameters);
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'invalid_parameters' }));
  });

  it('is described as the delay handler with wait as its default command', () => {
    expect(handler).toEqual(expect.objectContaining({ name: 'delay', defaultCommand: 'wait' }));
    expect(handler.commands.wait).toEqual(
      expect.objectContaining({ idempotent: true, parameters: expect.objectContaining({ required: ['duration'] }) }),
    );
  });
});
