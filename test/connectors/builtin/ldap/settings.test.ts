import { describe, expect, it } from '@jest/globals';
import { ldapFailure } from '../../../../src/connectors/builtin/ldap/result-codes.js';
import { connectionSchema, resolveSettings } from '../../../../src/connectors/builtin/ldap/settings.js';
import { normalizeUrlSetting } from '../../../../src/connectors/connection-urls.js';
import {
  BusyError,
  InsufficientAccessError,
  InvalidCredentialsError,
  NoSuchObjectError,
  UnavailableError,
} from 'ldapts';

const base = { url: 'ldap://dc1.example.com', baseDn: 'dc=example,dc=com' };

describe('connection settings', () => {
  it('fills in the defaults: page size 500, generic flavour, no TLS shortcuts', () => {
    const settings = resolveSettings(connectionSchema.parse(base));
    expect(settings).toMatchObject({
      pageSize: 500,
      flavour: 'generic',
      startTls: false,
      tlsInsecure: false,
      userBase: 'dc=example,dc=com',
      groupBase: 'dc=example,dc=com',
    });
    expect(settings.servers.map((server) => server.href)).toEqual(['ldap://dc1.example.com']);
  });

  it('picks each flavour’s attributes, and an override wins over the flavour', () => {
    const ad = resolveSettings(connectionSchema.parse({ ...base, flavour: 'active_directory' })).attributes;
    expect(ad).toMatchObject({
      idAttribute: 'objectGUID',
      idIsBinaryGuid: true,
      usernameAttribute: 'sAMAccountName',
      modifiedAttribute: 'whenChanged',
      userFilter: '(&(objectCategory=person)(objectClass=user))',
      groupFilter: '(objectClass=group)',
    });
    const openldap = resolveSettings(
      connectionSchema.parse({
        ...base,
        flavour: 'openldap',
        emailAttribute: 'mailPrimaryAddress',
        url: ['ldaps://a', 'ldap://b:1389'],
      }),
    );
    expect(openldap.attributes).toMatchObject({
      idAttribute: 'entryUUID',
      modifiedAttribute: 'modifyTimestamp',
      emailAttribute: 'mailPrimaryAddress',
    });
    expect(openldap.servers.map((server) => server.host)).toEqual(['a', 'b:1389']);
  });

  it('refuses URLs that are not ldap(s), a bind DN without password, and bad attribute names', () => {
    expect(connectionSchema.safeParse({ ...base, url: 'https://dc1' }).success).toBe(false);
    expect(connectionSchema.safeParse({ ...base, url: [] }).success).toBe(false);
    expect(connectionSchema.safeParse({ ...base, bindDn: 'cn=x' }).success).toBe(false);
    expect(connectionSchema.safeParse({ ...base, idAttribute: 'uid)(x' }).success).toBe(false);
    expect(connectionSchema.safeParse({ ...base, pageSize: 0 }).success).toBe(false);
  });
});

describe('the url setting is stored as the handler reads it when a connector is saved', () => {
  it('keeps scheme and host only, one server or a list', () => {
    expect(normalizeUrlSetting('ldapServers', ' LDAPS://DC1.Example.com:636 ')).toEqual({
      ok: true,
      value: 'ldaps://dc1.example.com:636',
    });
    expect(normalizeUrlSetting('ldapServers', ['ldap://a', 'ldaps://b/'])).toEqual({
      ok: true,
      value: ['ldap://a', 'ldaps://b'],
    });
  });

  it('refuses other schemes, credentials and the parts of an RFC 4516 URL kept elsewhere', () => {
    expect(normalizeUrlSetting('ldapServers', 'https://dc1')).toMatchObject({ ok: false });
    expect(normalizeUrlSetting('ldapServers', 'ldap://u:p@dc1')).toMatchObject({ ok: false });
    expect(normalizeUrlSetting('ldapServers', 'ldap://dc1/dc=example,dc=com??sub')).toMatchObject({ ok: false });
    expect(normalizeUrlSetting('ldapServers', ['ldap://a', 'http://b'])).toMatchObject({ ok: false, at: '[1]' });
    expect(normalizeUrlSetting('ldapServers', [])).toMatchObject({ ok: false });
  });
});

describe('LDAP result codes become stable codes; busy, unavailable and timeouts are retryable', () => {
  it.each([
    [new InvalidCredentialsError('x'), 'invalid_credentials', false],
    [new NoSuchObjectError('x'), 'no_such_object', false],
    [new InsufficientAccessError('x'), 'insufficient_access', false],
    [new BusyError('x'), 'busy', true],
    [new UnavailableError('x'), 'unavailable', true],
    [new Error('SearchRequest: Operation timed out'), 'timeout', true],
    [new Error('Connection closed before message response was received'), 'unavailable', true],
  ])('%s', (error, code, retryable) => {
    const failure = ldapFailure(error, 'op');
    expect(failure.code).toBe(code);
    expect(failure.retryable === true).toBe(retryable);
  });
});
