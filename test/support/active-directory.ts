import { Attribute, Change, Client } from 'ldapts';
import { startSambaDc, type RunningSambaDc } from '../../scripts/local/samba-dc.js';
import { createLdapHandler, type LdapHandler } from '../../src/connectors/builtin/ldap/index.js';

/**
 * A real Samba Active Directory domain controller (scripts/local/samba-dc.ts) with the OUs the
 * `ldap` connector's AD tests use, and what the tests need around it: the connection settings of
 * an `active_directory` connector bound as Administrator, a handler allowed to reach the DC's
 * loopback address, and a client of the tests' own to set up and check the directory.
 */

export const AD_USER_CLASSES = ['top', 'person', 'organizationalPerson', 'user'];
export const ACCOUNT_DISABLED = 0x2;
export const NORMAL_ACCOUNT = 0x200;

export interface ActiveDirectory {
  dc: RunningSambaDc;
  staff: string;
  groups: string;
  connection: Record<string, unknown>;
}

/** A DC with `OU=Staff` (users) and `OU=Groups`, and an `active_directory` connector's settings for them. */
export async function startActiveDirectory(): Promise<ActiveDirectory> {
  const dc = await startSambaDc();
  const staff = `OU=Staff,${dc.baseDn}`;
  const groups = `OU=Groups,${dc.baseDn}`;
  await asAdministrator(dc, async (client) => {
    for (const unit of [staff, groups])
      await client.add(unit, { objectClass: ['top', 'organizationalUnit'], ou: unit.slice(3, unit.indexOf(',')) });
  });
  const connection = {
    url: dc.url,
    bindDn: dc.adminDn,
    bindPassword: dc.adminPassword,
    baseDn: dc.baseDn,
    userBaseDn: staff,
    groupBaseDn: groups,
    flavour: 'active_directory',
  };
  return { dc, staff, groups, connection };
}

/** The ldap handler, allowed to reach the DC's own loopback address as an operator would list a LAN. */
export function adHandler(): LdapHandler {
  return createLdapHandler({ allowedNetworks: ['127.0.0.0/8'] });
}

/** Runs `work` with a client of the test's own bound as Administrator (over ldaps:// when `secure`). */
export async function asAdministrator<T>(
  dc: RunningSambaDc,
  work: (client: Client) => Promise<T>,
  secure = false,
): Promise<T> {
  // ldapts speaks TLS whenever it is given TLS options, even to an ldap:// URL.
  const client = secure
    ? new Client({ url: dc.ldapsUrl, timeout: 10_000, tlsOptions: { ca: [dc.caCertificate] } })
    : new Client({ url: dc.url, timeout: 10_000 });
  try {
    await client.bind(dc.adminDn, dc.adminPassword);
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** Adds a user as AD tools would: `cn`, `sAMAccountName`, names and mail; `extra` on top. */
export async function addAdUser(
  client: Client,
  parent: string,
  name: string,
  extra: Record<string, string | string[]> = {},
): Promise<string> {
  const dn = `CN=${name},${parent}`;
  const account = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  await client.add(dn, {
    objectClass: AD_USER_CLASSES,
    sAMAccountName: account,
    userPrincipalName: `${account}@flowgate.test`,
    givenName: name.split(' ')[0]!,
    sn: name.split(' ').at(-1)!,
    displayName: name,
    mail: `${account}@flowgate.test`,
    ...extra,
  });
  return dn;
}

export function replace(type: string, values: string[] | Buffer[]): Change {
  return new Change({ operation: 'replace', modification: new Attribute({ type, values }) });
}

/** One entry's attributes as the DC holds them now (`objectGUID` as bytes), or undefined when it is gone. */
export async function readAd(dc: RunningSambaDc, dn: string, attributes: string[]) {
  return asAdministrator(dc, async (client) => {
    try {
      const { searchEntries } = await client.search(dn, {
        scope: 'base',
        attributes,
        explicitBufferAttributes: ['objectGUID'],
      });
      return searchEntries[0];
    } catch (error) {
      if ((error as { code?: number }).code === 32) return undefined;
      throw error;
    }
  });
}

/** The values of one attribute of an entry as a list (none when absent). */
export function valuesOf(entry: Record<string, unknown> | undefined, name: string): string[] {
  const raw = entry?.[name];
  return raw === undefined ? [] : [raw].flat().map(String);
}
