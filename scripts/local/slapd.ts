import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, isPortOpen } from './free-port.js';
import { serverProcess } from './server-process.js';
import { makeTestCertificates } from './test-certificates.js';

/**
 * Debian's OpenLDAP server (`slapd`, package `slapd`) run as a real local server for tests,
 * benchmarks and fault scenarios: its own configuration, database and certificates in a temporary
 * folder, listening on 127.0.0.1 only, with the `memberof` and `ppolicy` overlays the `ldap`
 * connector works with, and `ldaps://` with a certificate of a test CA made here.
 */

export interface SlapdOptions {
  /** The suffix; default `dc=example,dc=org`. */
  baseDn?: string;
  /** LDIF loaded with `slapadd` before the server starts (bulk data); the base entries come first. */
  ldif?: string;
  /** A file of LDIF to load the same way (for data sets too large to hold as one string). */
  ldifFile?: string;
  /** `stats` logs every operation to the output (`log`); default none. */
  logLevel?: string;
  log?: (line: string) => void;
}

export interface RunningSlapd {
  /** `ldap://127.0.0.1:<port>` (StartTLS offered). */
  url: string;
  /** `ldaps://127.0.0.1:<port>`. */
  ldapsUrl: string;
  port: number;
  ldapsPort: number;
  baseDn: string;
  /** The root DN and its password: may do anything. */
  adminDn: string;
  adminPassword: string;
  /** PEM of the CA that signed the server's certificate (for `127.0.0.1` and `localhost`). */
  caCertificate: string;
  /** The folder of configuration, database and certificates. */
  directory: string;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): void;
  /** Starts it again on the same ports and data, after `kill` or `stop`. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

const MODULE_DIRECTORY = '/usr/lib/ldap';
const SCHEMA_DIRECTORY = '/etc/ldap/schema';
const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const READY_TIMEOUT_MS = 30_000;

/** Whether slapd is installed (Debian's `slapd` package). */
export function slapdInstalled(): boolean {
  return existsSync(SLAPD) && existsSync(SLAPADD);
}

export async function startSlapd(options: SlapdOptions = {}): Promise<RunningSlapd> {
  if (!slapdInstalled())
    throw new Error(`${SLAPD} is missing: install Debian's slapd and ldap-utils (apt-get install slapd ldap-utils)`);
  const baseDn = options.baseDn ?? 'dc=example,dc=org';
  const adminDn = `cn=admin,${baseDn}`;
  const adminPassword = 'admin-secret';
  const directory = await mkdtemp(path.join(tmpdir(), 'flowgate-slapd-'));
  const dataDirectory = path.join(directory, 'data');
  await mkdir(dataDirectory);
  const caCertificate = makeTestCertificates(directory, { ips: ['127.0.0.1'], dnsNames: ['localhost'] });
  const configFile = path.join(directory, 'slapd.conf');
  await writeFile(configFile, slapdConfig({ baseDn, adminDn, adminPassword, directory, dataDirectory }));

  slapadd(configFile, baseEntries(baseDn));
  if (options.ldif) slapadd(configFile, options.ldif);
  if (options.ldifFile) slapadd(configFile, { file: options.ldifFile });

  const port = await freePort();
  const ldapsPort = await freePort();
  const server = serverProcess({
    name: 'slapd',
    command: SLAPD,
    args: [
      '-f',
      configFile,
      '-h',
      `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${ldapsPort}/`,
      '-d',
      options.logLevel ?? '0',
    ],
    stdin: 'ignore',
    log: options.log,
    ready: () => waitForPort(port),
  });
  await server.start();

  return {
    url: `ldap://127.0.0.1:${port}`,
    ldapsUrl: `ldaps://127.0.0.1:${ldapsPort}`,
    port,
    ldapsPort,
    baseDn,
    adminDn,
    adminPassword,
    caCertificate,
    directory,
    kill: () => server.kill(),
    restart: async () => {
      await server.stop();
      await server.start();
    },
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function slapdConfig(settings: {
  baseDn: string;
  adminDn: string;
  adminPassword: string;
  directory: string;
  dataDirectory: string;
}): string {
  const { baseDn, adminDn, adminPassword, directory, dataDirectory } = settings;
  return `
include ${SCHEMA_DIRECTORY}/core.schema
include ${SCHEMA_DIRECTORY}/cosine.schema
include ${SCHEMA_DIRECTORY}/inetorgperson.schema
include ${SCHEMA_DIRECTORY}/nis.schema
pidfile ${directory}/slapd.pid
modulepath ${MODULE_DIRECTORY}
moduleload back_mdb.so
moduleload memberof.so
moduleload ppolicy.so
TLSCACertificateFile ${directory}/ca.pem
TLSCertificateFile ${directory}/server.pem
TLSCertificateKeyFile ${directory}/server-key.pem
sizelimit 500

database mdb
suffix "${baseDn}"
rootdn "${adminDn}"
rootpw ${adminPassword}
directory ${dataDirectory}
maxsize 4294967296
index objectClass eq
index entryUUID eq
index uid,cn,mail eq,sub
index member,uniqueMember,memberUid eq
index modifyTimestamp eq
overlay memberof
memberof-group-oc groupOfNames
memberof-member-ad member
memberof-memberof-ad memberOf
memberof-refint TRUE
overlay ppolicy
`;
}

function baseEntries(baseDn: string): string {
  const top = /^dc=([^,]+)/.exec(baseDn)?.[1] ?? 'example';
  return [
    `dn: ${baseDn}\nobjectClass: dcObject\nobjectClass: organization\ndc: ${top}\no: ${top}\n`,
    `dn: ou=people,${baseDn}\nobjectClass: organizationalUnit\nou: people\n`,
    `dn: ou=groups,${baseDn}\nobjectClass: organizationalUnit\nou: groups\n`,
  ].join('\n');
}

/**
 * Loads LDIF offline (`-q`: no consistency checks, as bulk loads do); a file is read by slapadd
 * itself, so a data set of any size never passes through this process.
 */
function slapadd(configFile: string, ldif: string | { file: string }): void {
  const args = ['-q', '-f', configFile, ...(typeof ldif === 'string' ? [] : ['-l', ldif.file])];
  const result = spawnSync(SLAPADD, args, {
    input: typeof ldif === 'string' ? ldif : undefined,
    encoding: 'utf8',
    stdio: [typeof ldif === 'string' ? 'pipe' : 'ignore', 'ignore', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`slapadd failed (${result.status}): ${result.stderr}`);
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isPortOpen(port))) {
    if (Date.now() > deadline) throw new Error(`slapd did not listen on ${port} within ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
