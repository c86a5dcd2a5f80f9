import { describe, expect, it } from '@jest/globals';
import {
  matchesLdapFilter,
  MAX_FILTER_DEPTH,
  MAX_FILTER_LENGTH,
  parseLdapFilter,
  type LdapFilter,
} from '../../../src/connectors/simulated/ldap-filter.js';

const entry: Record<string, string[]> = {
  objectclass: ['top', 'person', 'inetOrgPerson'],
  uid: ['jdoe'],
  cn: ['John Doe'],
  mail: ['john.doe@example.test'],
  department: ['Engineering'],
  employeenumber: ['100012'],
  description: ['uses (parentheses) and * stars'],
};
const valuesOf = (name: string): string[] => entry[name.toLowerCase()] ?? [];

function parsed(text: string): LdapFilter {
  const result = parseLdapFilter(text);
  if (!result.ok) throw new Error(result.error);
  return result.filter;
}

function matches(text: string): boolean {
  return matchesLdapFilter(parsed(text), valuesOf);
}

describe('LDAP filters parse into a tree', () => {
  it('parses equality, presence and substrings', () => {
    expect(parsed('(uid=jdoe)')).toEqual({ type: 'equal', attribute: 'uid', value: 'jdoe' });
    expect(parsed('(mail=*)')).toEqual({ type: 'present', attribute: 'mail' });
    expect(parsed('(mail=j*@*.test)')).toEqual({
      type: 'substring',
      attribute: 'mail',
      initial: 'j',
      any: ['@'],
      final: '.test',
    });
    expect(parsed('(cn=*Doe)')).toEqual({ type: 'substring', attribute: 'cn', any: [], final: 'Doe' });
  });

  it('parses nested and, or and not', () => {
    expect(parsed('(&(objectClass=person)(|(uid=a)(!(uid=b))))')).toEqual({
      type: 'and',
      filters: [
        { type: 'equal', attribute: 'objectClass', value: 'person' },
        {
          type: 'or',
          filters: [
            { type: 'equal', attribute: 'uid', value: 'a' },
            { type: 'not', filter: { type: 'equal', attribute: 'uid', value: 'b' } },
          ],
        },
      ],
    });
  });

  it('parses ordering and approximate matches', () => {
    expect(parsed('(employeeNumber>=100)')).toMatchObject({ type: 'greaterOrEqual', value: '100' });
    expect(parsed('(employeeNumber<=100)')).toMatchObject({ type: 'lessOrEqual', value: '100' });
    expect(parsed('(cn~=john doe)')).toMatchObject({ type: 'approx', value: 'john doe' });
  });

  it('decodes \\XX escapes as UTF-8, including escaped stars and parentheses', () => {
    expect(parsed('(cn=Jos\\c3\\a9)')).toEqual({ type: 'equal', attribute: 'cn', value: 'José' });
    expect(parsed('(description=\\28x\\29 \\2a)')).toEqual({
      type: 'equal',
      attribute: 'description',
      value: '(x) *',
    });
  });

  it('accepts a bare item without parentheses and spaces between components', () => {
    expect(parsed('uid=jdoe')).toEqual({ type: 'equal', attribute: 'uid', value: 'jdoe' });
    expect(parsed(' (& (uid=a) (cn=b) ) ')).toMatchObject({ type: 'and', filters: [{ value: 'a' }, { value: 'b' }] });
  });
});

describe('malformed LDAP filters are refused with a reason, never a throw', () => {
  it.each([
    ['', /empty/],
    ['(uid=jdoe', /missing '\)'/],
    ['(uid=jdoe))', /unexpected text/],
    ['((uid=jdoe)', /not an attribute name/],
    ['(=jdoe)', /not an attribute name/],
    ['(uid jdoe)', /not an attribute name/],
    ['(uid~jdoe)', /expected '='/],
    ['(uid=a(b)', /unescaped '\('/],
    ['(cn=\\zz)', /two hex digits/],
    ['(cn=\\ff\\fe)', /not valid UTF-8/],
    ['(employeeNumber>=1*)', /only allowed with '='/],
    ['(cn:dn:=x)', /extensible match/],
    ['(&(uid=a)(uid=b)', /missing '\)'/],
    ['(!(uid=a)(uid=b))', /expected '\)'/],
  ])('refuses %p', (text, reason) => {
    const result = parseLdapFilter(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^Invalid LDAP filter: /);
      expect(result.error).toMatch(reason);
    }
  });

  it('bounds nesting depth and length', () => {
    const deep = '(!'.repeat(MAX_FILTER_DEPTH) + '(uid=a)' + ')'.repeat(MAX_FILTER_DEPTH);
    expect(parseLdapFilter(deep)).toEqual({ ok: false, error: expect.stringMatching(/nested deeper/) });
    expect(parseLdapFilter(`(cn=${'a'.repeat(MAX_FILTER_LENGTH)})`)).toEqual({
      ok: false,
      error: expect.stringMatching(/longer than/),
    });
  });

  it('handles a hostile wildcard pattern in linear time', () => {
    const filter = parsed(`(cn=${'*a'.repeat(200)}*b)`);
    expect(matchesLdapFilter(filter, () => ['a'.repeat(5000)])).toBe(false);
  });
});

describe('LDAP filters match entries case-insensitively', () => {
  it('matches equality in any case of name and value', () => {
    expect(matches('(UID=JDOE)')).toBe(true);
    expect(matches('(uid=jsmith)')).toBe(false);
    expect(matches('(objectClass=inetorgperson)')).toBe(true);
  });

  it('matches presence only for attributes with values', () => {
    expect(matches('(mail=*)')).toBe(true);
    expect(matches('(telephoneNumber=*)')).toBe(false);
  });

  it('matches wildcards at the start, middle and end', () => {
    expect(matches('(mail=j*)')).toBe(true);
    expect(matches('(mail=*@example.test)')).toBe(true);
    expect(matches('(mail=j*doe*test)')).toBe(true);
    expect(matches('(mail=x*)')).toBe(false);
    expect(matches('(cn=John*Doe*Doe)')).toBe(false);
    // A star may match nothing, but the initial and final parts may not overlap.
    expect(matches('(cn=Jo*hn Doe)')).toBe(true);
    expect(matches('(cn=John *n Doe)')).toBe(false);
  });

  it('combines with and, or and not, nested', () => {
    expect(matches('(&(uid=jdoe)(department=Engineering))')).toBe(true);
    expect(matches('(&(uid=jdoe)(department=Sales))')).toBe(false);
    expect(matches('(|(uid=nobody)(mail=john*))')).toBe(true);
    expect(matches('(!(uid=jdoe))')).toBe(false);
    expect(matches('(&(objectClass=person)(|(department=Sales)(!(cn=*Smith))))')).toBe(true);
    expect(matches('(&)')).toBe(true);
    expect(matches('(|)')).toBe(false);
  });

  it('orders integers numerically and other values as text', () => {
    expect(matches('(employeeNumber>=99999)')).toBe(true);
    expect(matches('(employeeNumber<=99999)')).toBe(false);
    expect(matches('(cn>=J)')).toBe(true);
    expect(matches('(cn<=J)')).toBe(false);
  });

  it('matches escaped special characters literally', () => {
    expect(matches('(description=uses \\28parentheses\\29*)')).toBe(true);
    expect(matches('(description=*\\2a stars)')).toBe(true);
  });
});
