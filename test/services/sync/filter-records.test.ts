import { describe, expect, it } from '@jest/globals';
import type { ListedResource } from '../../../src/connectors/handler.js';
import { filterRecords, globMatcher } from '../../../src/services/sync/filter-records.js';
import { canonicalJson } from '../../../src/domain/canonical-json.js';
import { recordHash } from '../../../src/services/sync/record-hash.js';

const record = (externalId: string, displayName: string, email: string | null = null, memberOf?: unknown) => ({
  externalId,
  displayName,
  email,
  attributes: memberOf === undefined ? {} : { memberOf },
});

describe('groupNamePattern is a case-insensitive glob', () => {
  it.each([
    ['eng*', 'Engineering', true],
    ['eng*', 'Sales engineering', false],
    ['*ops', 'DevOps', true],
    ['team-?', 'team-a', true],
    ['team-?', 'team-ab', false],
    ['a.b', 'axb', false],
    ['(x)+[y]', '(X)+[Y]', true],
    ['*', '', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'aXbYcZ', false],
    ['**x', 'yyx', true],
    ['*?', '', false],
    ['line*end', 'line\nend', true],
    ['*a', '*ba', true],
    ['a?c', 'a*c', true],
  ])('%s against %s is %s', (pattern, name, expected) => {
    expect(globMatcher(pattern)(name)).toBe(expected);
  });

  it('answers a pattern of many stars against a long name without backtracking for ever', () => {
    const pattern = `${'*a'.repeat(120)}*b`;
    expect(globMatcher(pattern)('a'.repeat(255))).toBe(false);
    expect(globMatcher(pattern)(`${'a'.repeat(254)}b`)).toBe(true);
  });
});

describe('filterRecords combines the rules with AND', () => {
  const page: ListedResource[] = [
    record('g1', 'Engineering', 'eng@example.test', ['cn=eng']),
    record('g2', 'Sales', 'sales@EXAMPLE.TEST', 'CN=Sales'),
    record('g3', 'Engineering leads', 'leads@other.test'),
    record('g4', 'Engineers', null),
  ];
  const ids = (kept: ListedResource[]) => kept.map((resource) => resource.externalId);

  it('keeps everything without rules', () => {
    expect(ids(filterRecords(page, null))).toEqual(['g1', 'g2', 'g3', 'g4']);
  });

  it('applies each rule, and all of them together', () => {
    expect(ids(filterRecords(page, { groupNamePattern: 'ENG*' }))).toEqual(['g1', 'g3', 'g4']);
    expect(ids(filterRecords(page, { groupIds: ['g2', 'g3'] }))).toEqual(['g2', 'g3']);
    expect(ids(filterRecords(page, { emailDomains: ['Example.test'] }))).toEqual(['g1', 'g2']);
    expect(ids(filterRecords(page, { groupNamePattern: 'eng*', emailDomains: ['example.test'] }))).toEqual(['g1']);
  });

  it('keeps members of synced groups only, reading memberOf as a string or a list', () => {
    const syncedGroupKeys = new Set(['cn=eng', 'cn=sales']);
    expect(ids(filterRecords(page, { memberOfSyncedGroups: true }, { syncedGroupKeys }))).toEqual(['g1', 'g2']);
    expect(ids(filterRecords(page, { memberOfSyncedGroups: true }))).toEqual([]);
  });

  it('keeps at most the remaining maxRecords', () => {
    expect(ids(filterRecords(page, { maxRecords: 10 }, { remaining: 3 }))).toEqual(['g1', 'g2', 'g3']);
    expect(ids(filterRecords(page, { maxRecords: 10 }, { remaining: 0 }))).toEqual([]);
  });
});

describe('the sync hash is SHA-256 of the canonical record', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}',
    );
    // Keys in order at the top, out of order below it (an object kept as it is must hold only such).
    expect(canonicalJson({ a: { d: 1, c: 2 }, b: [{ y: 1, x: 2 }], c: undefined })).toBe(
      '{"a":{"c":2,"d":1},"b":[{"x":2,"y":1}]}',
    );
    expect(canonicalJson({ a: { c: 1, d: [{ e: 1 }] }, b: 'x' })).toBe('{"a":{"c":1,"d":[{"e":1}]},"b":"x"}');
  });

  it('sorts integer-like keys as text and keeps __proto__ as a key, at any depth', () => {
    expect(canonicalJson({ b: [{ '10': 1, '9': 2 }], a: 1 })).toBe('{"a":1,"b":[{"10":1,"9":2}]}');
    expect(canonicalJson({ '2': 'x', '10': 'y', b: undefined, a: [undefined, 'z'] })).toBe(
      '{"10":"y","2":"x","a":[null,"z"]}',
    );
    expect(canonicalJson(JSON.parse('{"z":1,"__proto__":{"y":2,"x":1}}'))).toBe('{"__proto__":{"x":1,"y":2},"z":1}');
  });

  it('does not depend on the order of attributes, but on every value', () => {
    const one = { externalId: 'u1', displayName: 'U', email: null, attributes: { a: 1, b: [1, 2] } };
    const reordered = { attributes: { b: [1, 2], a: 1 }, email: null, displayName: 'U', externalId: 'u1' };
    expect(recordHash(one)).toBe(recordHash(reordered));
    expect(recordHash(one)).toMatch(/^[0-9a-f]{64}$/);
    expect(recordHash({ ...one, attributes: { a: 1, b: [2, 1] } })).not.toBe(recordHash(one));
    expect(recordHash({ ...one, email: 'u@example.test' })).not.toBe(recordHash(one));
  });
});
