import { describe, expect, it } from '@jest/globals';
import {
  InterpolationError,
  interpolateDeep,
  interpolateString,
  resolvePath,
  scanInterpolations,
} from '../../src/engine/interpolation.js';

describe('scanning {{references}}', () => {
  it('finds references with paths and whitespace', () => {
    expect(scanInterpolations('Hi {{ user.name }}, see {{ticket}}').references).toEqual(['user.name', 'ticket']);
  });

  it('reports malformed placeholders and unbalanced braces', () => {
    expect(scanInterpolations('{{ 1abc }}').problems).toHaveLength(1);
    expect(scanInterpolations('{{open').problems).toEqual(['unbalanced braces in "{{open"']);
    expect(scanInterpolations('{{a.__proto__}}').problems).toHaveLength(1);
  });
});

describe('interpolating values', () => {
  const scope = { user: { name: 'Ada', id: 7, tags: ['x'] }, count: 3 };

  it('keeps the type when the whole string is one reference', () => {
    expect(interpolateString('{{count}}', scope)).toBe(3);
    expect(interpolateString('{{user}}', scope)).toEqual(scope.user);
  });

  it('writes values as text inside longer strings, objects as JSON', () => {
    expect(interpolateString('{{user.name}} has {{count}} ({{user.tags}})', scope)).toBe('Ada has 3 (["x"])');
  });

  it('writes an unset (null) value as nothing inside text, and keeps it null on its own', () => {
    expect(interpolateString('Reason: {{reason}}', { reason: null })).toBe('Reason: ');
    expect(interpolateString('{{reason}}', { reason: null })).toBeNull();
  });

  it('refuses references to missing values instead of writing nothing', () => {
    expect(() => interpolateString('{{user.email}}', scope)).toThrow(InterpolationError);
  });

  it('walks nested config', () => {
    expect(interpolateDeep({ a: ['{{user.id}}', { b: 'n={{count}}' }], c: 1 }, scope)).toEqual({
      a: [7, { b: 'n=3' }],
      c: 1,
    });
  });

  it('reads own properties only', () => {
    expect(resolvePath({ a: {} }, 'a.constructor')).toBeUndefined();
    expect(resolvePath({ a: {} }, 'a.toString')).toBeUndefined();
  });
});
