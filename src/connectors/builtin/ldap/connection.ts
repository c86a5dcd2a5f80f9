import { createHash } from 'node:crypto';
import net, { isIP } from 'node:net';
import tls from 'node:tls';
import { Client } from 'ldapts';
import { ConnectorError } from '../../connector-error.js';
import { assertPublicDestination, isAllowListed, pinnedLookup, type AllowedNetworks } from '../network-guard.js';
import { isConnectionFailure, isTlsFailure, ldapFailure } from './result-codes.js';
import type { LdapSettings } from './settings.js';
import { traceLdapOperations } from './traced-client.js';

/**
 * Opening a bound connection to the directory: the servers of `url` in order (fail-over on a
 * server that cannot be reached), each through the SSRF guard with the socket pinned to the
 * checked addresses, TLS by `ldaps://` or StartTLS with the connector's CA, then a simple bind.
 */

const LDAP_SCHEMES = ['ldap:', 'ldaps:'];

/** Identifies the connection a call asks for: same key, same server list, credentials and TLS. */
export function connectionKey(settings: LdapSettings): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        settings.servers.map((server) => server.href),
        settings.bindDn ?? null,
        settings.bindPassword ?? null,
        settings.startTls,
        settings.caCertificate ?? null,
        settings.tlsInsecure,
        settings.timeoutMs,
      ]),
    )
    .digest('hex');
}

/** A bound connection to one of the servers, tried in order; a refused or unreachable one passes to the next. */
export async function openConnection(settings: LdapSettings, allowed: AllowedNetworks): Promise<Client> {
  const failures: string[] = [];
  let last: unknown;
  for (const server of settings.servers) {
    try {
      return await connectTo(server, settings, allowed);
    } catch (error) {
      // A server that answered (wrong password, refused certificate) is not down: no fail-over.
      if (!isConnectionFailure(error) || isTlsFailure(error)) throw ldapFailure(error, `Connecting to ${server.host}`);
      failures.push(`${server.host}: ${error instanceof Error ? error.message : String(error)}`);
      last = error;
    }
  }
  throw new ConnectorError('unavailable', `No LDAP server could be reached (${failures.join('; ')})`, {
    cause: last,
    retryable: true,
  });
}

async function connectTo(server: URL, settings: LdapSettings, allowed: AllowedNetworks): Promise<Client> {
  const secure = server.protocol === 'ldaps:';
  if (secure && settings.startTls)
    throw new ConnectorError('invalid_configuration', `startTls is for ldap:// servers; ${server.host} is ldaps://`);
  const { addresses } = await assertPublicDestination(server, allowed, LDAP_SCHEMES);
  const host = server.hostname.replace(/^\[(.*)\]$/, '$1');
  if (settings.tlsInsecure && !isAllowListed(host, addresses, allowed))
    throw new ConnectorError(
      'invalid_configuration',
      `tlsInsecure switches off certificate checks, which is allowed only for a host the operator lists in CONNECTOR_ALLOWED_NETWORKS; ${host} is not listed`,
    );
  const lookup = pinnedLookup(addresses);
  // ldapts reconnects a closed connection by itself, but unbound (and without StartTLS): an
  // operation would then run anonymously. A connection here is opened once; after that it fails.
  let opened = false;
  const once = () => {
    if (opened) throw new Error('Connection closed by the server; not reopened unbound');
    opened = true;
  };
  const tlsOptions: tls.ConnectionOptions = {
    host,
    ...(isIP(host) === 0 ? { servername: host } : {}),
    ...(settings.caCertificate ? { ca: [settings.caCertificate] } : {}),
    rejectUnauthorized: !settings.tlsInsecure,
  };
  const client = traceLdapOperations(
    new Client({
      url: `${server.protocol}//${server.host}`,
      timeout: settings.timeoutMs,
      connectTimeout: settings.timeoutMs,
      // ldapts takes any tlsOptions as a wish for ldaps://; StartTLS gets them below instead.
      ...(secure ? { tlsOptions } : {}),
      createConnection: ((port: number, connectHost: string) => {
        once();
        return net.connect({ port, host: connectHost, lookup });
      }) as typeof net.connect,
      // ldapts calls it with (port, host, options) for ldaps:// and with (options) for StartTLS.
      createSecureConnection: ((...args: unknown[]) => {
        if (typeof args[0] === 'object') return tls.connect(args[0] as tls.ConnectionOptions);
        once();
        return tls.connect({
          ...(args[2] as tls.ConnectionOptions),
          port: args[0] as number,
          host: args[1] as string,
          lookup,
        });
      }) as typeof tls.connect,
    }),
    host,
  );
  try {
    if (settings.startTls) await client.startTLS({ ...tlsOptions });
    if (settings.bindDn !== undefined) await client.bind(settings.bindDn, settings.bindPassword);
    return client;
  } catch (error) {
    await closeQuietly(client);
    throw error;
  }
}

/** Unbinds and closes; a connection that is gone already is fine. */
export async function closeQuietly(client: Client): Promise<void> {
  try {
    await client.unbind();
  } catch {
    // Closing is best effort: the socket is destroyed either way.
  }
}
