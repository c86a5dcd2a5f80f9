import { describe, expect, it } from '@jest/globals';
import { applicableRules, readSourcePath, type SourceRecord } from '../../../src/services/sync/attribute-mappings.js';

const source: SourceRecord = {
  externalId: 'u1',
  displayName: 'User 1',
  email: 'user1@example.test',
  attributes: JSON.parse('{"department":"Research","address":{"city":"Berlin"},"tags":["a"],"__proto__":{"x":1}}'),
};

describe('a source path reads own properties of the record, rooted at its top-level fields and attributes', () => {
  it.each([
    ['externalId', 'u1'],
    ['email', 'user1@example.test'],
    ['attributes.department', 'Research'],
    ['attributes.address.city', 'Berlin'],
    ['attributes.tags.0', 'a'],
  ])('%s reads %p', (path, value) => {
    expect(readSourcePath(source, path)).toBe(value);
  });

  it.each([
    'attributes.missing',
    'attributes.department.length',
    'attributes.toString',
    'attributes.hasOwnProperty',
    'attributes.__proto__.x',
    'attributes.constructor',
    'displayName.constructor.prototype',
    'nonexistent',
  ])('%s reads nothing', (path) => {
    expect(readSourcePath(source, path)).toBeUndefined();
  });
});

describe('only enabled rules without a transform that still validate apply', () => {
  it('drops disabled rules, rules with a transform and rules with an unsafe path', () => {
    const rules = applicableRules([
      { sourcePath: 'attributes.title', targetField: 'title' },
      { sourcePath: 'attributes.title', targetField: 'location', enabled: false },
      { sourcePath: 'attributes.title', targetField: 'department', transform: 'upper' },
      { sourcePath: 'attributes.title', targetField: 'costCenter', transform: '' },
      { sourcePath: 'attributes.__proto__.title', targetField: 'employeeId' },
      'not a rule',
    ]);
    expect(rules.map((rule) => rule.targetField)).toEqual(['title', 'costCenter']);
    expect(applicableRules(null)).toEqual([]);
  });
});
