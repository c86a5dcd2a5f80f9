import { Client } from 'ldapts';
import { startSlapd, type RunningSlapd, type SlapdOptions } from '../../scripts/local/slapd.js';
import { createLdapHandler, type LdapHandler } from '../../src/connectors/builtin/ldap/index.js';
import type { ConnectorResult, ExecutionContext } from '../../src/connectors/handler.js';

/** The tests' loopback servers are allow-listed, as an operator would list a directory on the LAN. */
export const LOOPBACK = ['127.0.0.1/32'];

/** LDIF of `count` inetOrgPerson entries `uid=<prefix><n>` under ou=people. */
export function peopleLdif(count: number, prefix = 'user', baseDn = 'dc=example,dc=org'): string {
  return Array.from(
    { length: count },
    (_, index) => `dn: uid=${prefix}${index},ou=people,${baseDn}
objectClass: inetOrgPerson
uid: ${prefix}${index}
cn: ${prefix} ${index}
sn: ${prefix}${index}
givenName: ${prefix}
mail: ${prefix}${index}@example.org
`,
  ).join('\n');
}

/** A real slapd with the connection settings of an `ldap` connector bound as its root DN. */
export async function startDirectory(options: SlapdOptions = {}) {
  const slapd = await startSlapd(options);
  const connection = {
    url: slapd.url,
    bindDn: slapd.adminDn,
    bindPassword: slapd.adminPassword,
    baseDn: slapd.baseDn,
    userBaseDn: `ou=people,${slapd.baseDn}`,
    groupBaseDn: `ou=groups,${slapd.baseDn}`,
    flavour: 'openldap',
  };
  return { slapd, connection };
}

/** Runs one command of `handler` as the execution layer would (no linked records unless given). */
export function callLdap(
  handler: LdapHandler,
  connection: Record<string, unknown>,
  command: string,
  parameters: Record<string, unknown> = {},
  context: Partial<ExecutionContext> = {},
): Promise<ConnectorResult> {
  return handler.execute(
    { config: { command, parameters, connection }, variables: {}, stepId: 's1', instanceId: 'test' },
    { signal: new AbortController().signal, ...context },
  );
}

export function ldapHandler(options: Parameters<typeof createLdapHandler>[0] = {}): LdapHandler {
  return createLdapHandler({ allowedNetworks: LOOPBACK, ...options });
}

/** What the server holds, read with a client of the test's own bound as the root DN. */
export async function adminSearch(
  slapd: RunningSlapd,
  base: string,
  filter = '(objectClass=*)',
  attributes: string[] = ['*', '+'],
) {
  const client = new Client({ url: slapd.url });
  try {
    await client.bind(slapd.adminDn, slapd.adminPassword);
    const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes });
    return searchEntries;
  } catch (error) {
    if ((error as { code?: number }).code === 32) return [];
    throw error;
  } finally {
    await client.unbind();
  }
}

/** Runs `work` with a client of the test's own bound as the root DN (to change the directory). */
export async function asAdmin<T>(slapd: RunningSlapd, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ url: slapd.url });
  try {
    await client.bind(slapd.adminDn, slapd.adminPassword);
    return await work(client);
  } finally {
    await client.unbind();
  }
}
