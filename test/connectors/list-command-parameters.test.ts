import { describe, expect, it } from '@jest/globals';
import { LIST_COMMAND_PARAMETERS, listCommandParameters } from '../../src/connectors/list-command-parameters.js';
import { parameterProblems } from '../../src/domain/parameter-schema.js';

const SAMPLES: Array<[string, Record<string, unknown>, boolean]> = [
  ['an empty request', {}, true],
  [
    'a full request',
    { cursor: 'abc', pageSize: 50, filter: { search: 'x' }, modifiedSince: '2026-01-01T00:00:00Z' },
    true,
  ],
  ['a timestamp with an offset', { modifiedSince: '2026-01-01T00:00:00+02:00' }, true],
  ['an unknown parameter', { limit: 5 }, false],
  ['a page size over 5000', { pageSize: 5001 }, false],
  ['a fractional page size', { pageSize: 2.5 }, false],
  ['a date without a time', { modifiedSince: '2026-01-01' }, false],
  ['a filter that is not an object', { filter: 'x' }, false],
];

describe('the list parameters of the connector contract are defined once', () => {
  it.each(SAMPLES)('the published JSON Schema and the zod schema agree on %s', (_, parameters, valid) => {
    expect(listCommandParameters.safeParse(parameters).success).toBe(valid);
    expect(parameterProblems(LIST_COMMAND_PARAMETERS, structuredClone(parameters)) === undefined).toBe(valid);
  });

  it('both fill the default page size', () => {
    const filled: Record<string, unknown> = {};
    parameterProblems(LIST_COMMAND_PARAMETERS, filled);
    expect(filled).toEqual({ pageSize: 500 });
    expect(listCommandParameters.parse({})).toEqual({ pageSize: 500 });
  });
});
