import { describe, expect, it } from '@jest/globals';
import { parameterProblems, parameterSchemaProblem } from '../../src/domain/parameter-schema.js';

describe('command parameters are checked against their JSON Schema', () => {
  it('checks with a schema read afresh for each call, as connectors are, however often', () => {
    // Each call gets its own copy, as a connector's row is read and parsed again for each call.
    const schema = () => ({ $id: 'https://example.test/find-user', type: 'object', required: ['email'] });
    for (let call = 0; call < 3; call += 1) {
      expect(parameterProblems(schema(), { email: 'ann@example.test' })).toBeUndefined();
      expect(parameterProblems(schema(), {})).toContain("must have required property 'email'");
    }
  });

  it('reports a schema that cannot be compiled as a problem of the call, not an exception', () => {
    const problems = parameterProblems({ $ref: '#/definitions/missing' }, {});
    expect(problems).toMatch(/^the command's parameter schema cannot be used \(.*missing/);
  });

  it('tells a schema that is no JSON Schema from one that is', () => {
    expect(parameterSchemaProblem({ type: 'nope' })).toMatch(/schema\/type must be equal to one of the allowed values/);
    expect(parameterSchemaProblem({ type: 'object', properties: { id: { type: 'string' } } })).toBeUndefined();
  });
});
