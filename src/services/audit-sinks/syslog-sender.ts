import { hostname } from 'node:os';
import tls from 'node:tls';
import { isIP } from 'node:net';
import { assertPublicDestination, type AllowedNetworks } from '../../connectors/builtin/network-guard.js';
import type { SyslogSinkConfig } from '../../domain/audit-sinks.js';
import type { SealedEntry } from '../../audit/audit-chain.js';

/**
 * Syslog over TLS (RFC 5425): one connection per batch, each event an RFC 5424 message framed by
 * its octet count. Syslog has no acknowledgement; a batch counts as accepted once every byte was
 * written and the server closed the connection cleanly after ours, so a server that went away
 * mid-batch fails it and the batch is sent again (at least once).
 */

// Facility 13 (log audit); severity 6 (informational), 5 (notice) for failures.
const FACILITY = 13;
const APP_NAME = 'flowgate';
const MSG_ID = 'audit';
/** RFC 5424's HOSTNAME: at most 255 printable characters, no spaces. */
const HOSTNAME =
  hostname()
    .replace(/[^\x21-\x7e]/g, '')
    .slice(0, 255) || '-';

/** One RFC 5424 message: the event's JSON as MSG, no structured data. */
export function syslogMessage(entry: SealedEntry, event: Record<string, unknown>): string {
  const severity = event.status_id === 2 ? 5 : 6;
  const pri = FACILITY * 8 + severity;
  return `<${pri}>1 ${entry.created_at.toISOString()} ${HOSTNAME} ${APP_NAME} - ${MSG_ID} - ${JSON.stringify(event)}`;
}

/** RFC 5425 octet-counting: `MSG-LEN SP SYSLOG-MSG`, the length in bytes. */
export function octetCounted(message: string): Buffer {
  const bytes = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${bytes.length} `, 'ascii'), bytes]);
}

export async function sendSyslogBatch(
  config: SyslogSinkConfig,
  messages: string[],
  options: { allowedNetworks: AllowedNetworks; timeoutMs: number },
): Promise<void> {
  const host = config.host.replace(/^\[(.*)\]$/, '$1');
  const hostPart = isIP(host) === 6 ? `[${host}]` : host;
  const { addresses } = await assertPublicDestination(`syslog://${hostPart}:${config.port}`, options.allowedNetworks, [
    'syslog:',
  ]);
  const address = addresses[0]!.address;
  const serverName = config.serverName ?? (isIP(host) === 0 ? host : undefined);
  const payload = Buffer.concat(messages.map(octetCounted));
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const socket = tls.connect({
      host: address,
      port: config.port,
      servername: serverName,
      ...(config.caCertificate ? { ca: [config.caCertificate] } : {}),
      // An IP literal is checked against the certificate's IP names, a host name against its DNS names.
      checkServerIdentity: (_, certificate) => tls.checkServerIdentity(serverName ?? host, certificate),
    });
    const timer = setTimeout(
      () => finish(new Error(`syslog server ${hostPart}:${config.port} did not take the batch in time`)),
      options.timeoutMs,
    );
    socket.once('secureConnect', () => {
      socket.write(payload);
      socket.end();
    });
    socket.on('data', () => undefined);
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(new Error(`syslog server ${hostPart}:${config.port}: ${error.code ?? error.message}`)),
    );
    // The server's end after ours: everything written was read.
    socket.once('end', () => finish());
    socket.once('close', (hadError) => {
      if (!hadError) finish(new Error(`syslog server ${hostPart}:${config.port} closed the connection early`));
    });
  });
}
