import { describe, expect, it } from '@jest/globals';
import type { WorkflowVariable } from '../../src/domain/workflow-definition.js';
import { checkRunVariables, describeVariableProblems } from '../../src/engine/run-variables.js';

const declared: WorkflowVariable[] = [
  { name: 'who', type: 'user', required: true },
  { name: 'amount', type: 'number', required: false },
  { name: 'urgent', type: 'boolean', required: false },
  { name: 'due', type: 'date', required: false },
  { name: 'tags', type: 'array', required: false },
  { name: 'extra', type: 'object', required: false },
];

describe('run variables are checked against their declarations', () => {
  it('accepts values of the declared types', () => {
    const values = { who: 'u-1', amount: 3.5, urgent: false, due: '2026-12-01', tags: ['a'], extra: { a: 1 } };
    expect(checkRunVariables(declared, values, { requireAll: true })).toEqual({
      missing: [],
      invalid: [],
      undeclared: [],
    });
  });

  it('reports missing required, wrong types and undeclared names in one sentence', () => {
    const problems = checkRunVariables(declared, { amount: '3', due: 'soon', nope: 1 }, { requireAll: true });
    expect(problems).toEqual({
      missing: ['who'],
      invalid: [
        { name: 'amount', expected: 'number' },
        { name: 'due', expected: 'date' },
      ],
      undeclared: ['nope'],
    });
    expect(describeVariableProblems(problems)).toBe(
      'missing required variables: who; wrong types: amount must be a number, due must be a date; undeclared variables: nope',
    );
  });

  it('requires variables named like Object.prototype members to be given', () => {
    const named: WorkflowVariable[] = [
      { name: 'constructor', type: 'string', required: true },
      { name: 'toString', type: 'string', required: true },
    ];
    expect(checkRunVariables(named, {}, { requireAll: true }).missing).toEqual(['constructor', 'toString']);
    expect(checkRunVariables(named, { constructor: 'a', toString: 'b' }, { requireAll: true }).missing).toEqual([]);
  });

  it('does not require anything for partial edits', () => {
    expect(checkRunVariables(declared, { amount: 1 }, { requireAll: false }).missing).toEqual([]);
  });
});
