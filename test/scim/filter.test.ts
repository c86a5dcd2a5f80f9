import { describe, expect, it } from '@jest/globals';
import { parseGroupFilter, parseUserFilter } from '../../src/scim/filter.js';

function filterError(parse: () => unknown) {
  try {
    parse();
  } catch (error) {
    return error as { status: number; scimType: string };
  }
  throw new Error('expected the filter to be refused');
}

describe('user filters: equality on userName, externalId and emails', () => {
  it('refuses a filter over 4096 characters, and reads long runs of spaces in one pass', () => {
    expect(filterError(() => parseUserFilter(`userName eq "a"${' '.repeat(1_000_000)}x`))).toMatchObject({
      status: 400,
      scimType: 'invalidFilter',
      message: expect.stringContaining('over the 4096 accepted'),
    });
    expect(filterError(() => parseUserFilter(`userName eq "a"${' '.repeat(4000)}x`))).toMatchObject({
      scimType: 'invalidFilter',
    });
    expect(parseUserFilter(`  userName eq "a"${' '.repeat(4000)}`)).toEqual({ attribute: 'userName', value: 'a' });
  });

  it('parses userName eq with any attribute and operator case', () => {
    expect(parseUserFilter('userName eq "Alice@Example.test"')).toEqual({
      attribute: 'userName',
      value: 'Alice@Example.test',
    });
    expect(parseUserFilter('USERNAME EQ "a"')).toEqual({ attribute: 'userName', value: 'a' });
    expect(parseUserFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a"')).toEqual({
      attribute: 'userName',
      value: 'a',
    });
  });

  it('parses externalId eq and emails.value eq', () => {
    expect(parseUserFilter('externalId eq "00ujl29u0le5T6Aj10h7"')).toEqual({
      attribute: 'externalId',
      value: '00ujl29u0le5T6Aj10h7',
    });
    expect(parseUserFilter('emails.value eq "a@b.test"')).toEqual({ attribute: 'emails.value', value: 'a@b.test' });
  });

  it('parses the emails[type eq "work"].value form Entra sends', () => {
    expect(parseUserFilter('emails[type eq "work"].value eq "a@b.test"')).toEqual({
      attribute: 'emails.value',
      value: 'a@b.test',
      emailType: 'work',
    });
  });

  it('unescapes JSON string values', () => {
    expect(parseUserFilter('userName eq "quote\\"d"')).toEqual({ attribute: 'userName', value: 'quote"d' });
  });
});

describe('group filters: displayName eq only', () => {
  it('parses displayName eq', () => {
    expect(parseGroupFilter('displayName eq "Sales Team"')).toEqual({ attribute: 'displayName', value: 'Sales Team' });
    expect(parseGroupFilter('DISPLAYNAME eq "x"')).toEqual({ attribute: 'displayName', value: 'x' });
  });

  it('refuses other group attributes', () => {
    expect(filterError(() => parseGroupFilter('externalId eq "x"'))).toMatchObject({ scimType: 'invalidFilter' });
    expect(filterError(() => parseGroupFilter('members.value eq "x"'))).toMatchObject({ scimType: 'invalidFilter' });
  });
});

describe('everything else is 400 invalidFilter', () => {
  it.each([
    'userName ne "a"',
    'userName co "a"',
    'userName sw "a"',
    'userName pr',
    'userName gt "a"',
    'userName eq "a" and externalId eq "b"',
    'userName eq "a" or userName eq "b"',
    'not (userName eq "a")',
    '(userName eq "a")',
    'displayName eq "a"',
    'title eq "a"',
    'active eq true',
    'userName eq a',
    'userName eq 12',
    'emails[type eq "work" and primary eq true].value eq "a"',
    '',
    'userName eq "a\\u0000b"',
    'emails[type eq "w\\u0000"].value eq "a"',
  ])('refuses %p', (filter) => {
    expect(filterError(() => parseUserFilter(filter))).toMatchObject({ status: 400, scimType: 'invalidFilter' });
  });
});
