import { describe, expect, it } from '@jest/globals';
import { FilterParser } from 'ldapts';
import {
  dnKey,
  escapeDnValue,
  escapeFilterValue,
  isUnder,
  splitDn,
} from '../../../../src/connectors/builtin/ldap/escape.js';
import { bytesFilterValue, guidFromBytes, guidToBytes } from '../../../../src/connectors/builtin/ldap/guid.js';

describe('values in filters are escaped as RFC 4515 says', () => {
  it('escapes *, (, ), \\ and NUL as \\XX and leaves the rest', () => {
    expect(escapeFilterValue('a*b(c)d\\e\0f')).toBe('a\\2ab\\28c\\29d\\5ce\\00f');
    expect(escapeFilterValue('Zoë O’Brien, jr.')).toBe('Zoë O’Brien, jr.');
  });

  it('keeps an injected value from changing the filter', () => {
    const value = 'x)(uid=*';
    const filter = `(uid=${escapeFilterValue(value)})`;
    const parsed = FilterParser.parseString(filter);
    expect(parsed.constructor.name).toBe('EqualityFilter');
    expect((parsed as unknown as { value: string }).value).toBe(value);
  });
});

describe('values in DNs are escaped as RFC 4514 says', () => {
  it('escapes the reserved characters, a leading space or #, a trailing space and NUL', () => {
    expect(escapeDnValue('Smith, John')).toBe('Smith\\, John');
    expect(escapeDnValue('a+b"c;d<e>f\\g')).toBe('a\\+b\\"c\\;d\\<e\\>f\\\\g');
    expect(escapeDnValue('#1 ')).toBe('\\#1\\ ');
    expect(escapeDnValue(' x')).toBe('\\ x');
    expect(escapeDnValue('a\0b')).toBe('a\\00b');
    expect(escapeDnValue('Zoë=1')).toBe('Zoë=1');
  });

  it('compares DNs by a key that ignores case, spaces around separators and the escape used', () => {
    expect(dnKey('UID=Ann , OU=People,dc=Example,dc=org')).toBe(dnKey('uid=ann,ou=people,dc=example,dc=org'));
    expect(dnKey('cn=Smith\\2C John,dc=x')).toBe(dnKey('cn=smith\\, john,dc=x'));
    expect(dnKey('cn=a,dc=x')).not.toBe(dnKey('cn=b,dc=x'));
  });

  it('keys a plain DN as the parsed key would, and parses any other', () => {
    // Plain (taken as they are, in lower case) on the left; spaced or escaped (parsed) on the right.
    expect(dnKey('CN=John Smith,OU=Users,DC=corp')).toBe(dnKey(' cn = john smith , ou=users ,dc=corp '));
    expect(dnKey('cn=a=b,dc=x')).toBe(dnKey('cn = a=b,dc=x'));
    expect(dnKey('cn=O(1)-x.y_z@w,dc=x')).toBe(dnKey('cn=o\\28\\31\\29-x.y_z@w, dc=x'));
    expect(dnKey('CN=a\\+b,dc=x')).toBe('cn=a\\+b,dc=x');
    expect(dnKey('cn=#A,dc=x')).toBe('cn=\\#a,dc=x');
    expect(dnKey('uid=a+CN=b,dc=x')).toBe('cn=b+uid=a,dc=x');
    expect(dnKey('cn=Zoë,dc=x')).toBe(dnKey('cn=zo\\c3\\ab,dc=x'));
  });

  it('splits off the RDN and tells whether a DN is under a base', () => {
    expect(splitDn('cn=Smith\\, John,ou=people,dc=x')).toEqual({ rdn: 'cn=Smith\\, John', parent: 'ou=people,dc=x' });
    expect(isUnder('uid=a,ou=People,dc=x', 'ou=people,dc=x')).toBe(true);
    expect(isUnder('uid=a,ou=other,dc=x', 'ou=people,dc=x')).toBe(false);
  });
});

describe('objectGUID is written as Microsoft writes a GUID', () => {
  // The bytes of {b9a1a2c4-1234-4abc-8def-0123456789ab} as Active Directory stores them.
  const bytes = Buffer.from('c4a2a1b93412bc4a8def0123456789ab', 'hex');

  it('reverses the first three fields and keeps the last two in order', () => {
    expect(guidFromBytes(bytes)).toBe('b9a1a2c4-1234-4abc-8def-0123456789ab');
  });

  it('turns a GUID string back into the stored bytes, for filters', () => {
    expect(guidToBytes('{B9A1A2C4-1234-4ABC-8DEF-0123456789AB}')).toEqual(bytes);
    expect(guidToBytes('not-a-guid')).toBeUndefined();
    expect(bytesFilterValue(Buffer.from([0x0a, 0xff]))).toBe('\\0a\\ff');
  });

  it('refuses bytes that are no GUID', () => {
    expect(() => guidFromBytes(Buffer.alloc(15))).toThrow(RangeError);
  });
});
