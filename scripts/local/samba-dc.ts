import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverProcess } from './server-process.js';
import { makeTestCertificates } from './test-certificates.js';

/**
 * Debian's Samba (packages `samba` and `samba-ad-dc`) provisioned as an Active Directory domain
 * controller and run as a real local server for tests: it speaks LDAP as Active Directory does
 * (objectGUID, userAccountControl, unicodePwd, whenChanged, uSNChanged, paged results, memberOf).
 * Everything lives in a temporary folder of its own (smb.conf, private, lock, state and cache
 * directories): nothing under /etc or /var/lib/samba is read or written. The server listens on a
 * loopback address of its own, because its LDAP ports (389, 636, and 3268/3269 for the global
 * catalog) cannot be chosen.
 */

export interface SambaDcOptions {
  /** Samba's debug level for the output (`log`); default 0. */
  debugLevel?: number;
  log?: (line: string) => void;
}

export interface RunningSambaDc {
  /** The loopback address the server listens on (127.0.0.x). */
  host: string;
  /** `ldap://<host>` (port 389; simple binds allowed, StartTLS offered). */
  url: string;
  /** `ldaps://<host>` (port 636), needed for password changes. */
  ldapsUrl: string;
  /** `FLOWGATE.TEST`; the NetBIOS domain is `FLOWGATE`. */
  realm: string;
  /** `DC=flowgate,DC=test`. */
  baseDn: string;
  /** The domain's built-in Administrator: may do anything. */
  adminDn: string;
  adminPassword: string;
  /** PEM of the CA that signed the server's certificate (for `host` and the DC's DNS name). */
  caCertificate: string;
  /** The folder of configuration, databases and certificates. */
  directory: string;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): void;
  /** Starts it again on the same address and data, after `kill` or `stop`. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

const SAMBA = '/usr/sbin/samba';
const SAMBA_TOOL = '/usr/bin/samba-tool';
/** Samba's AD schema and provisioning templates (Debian's `samba-ad-provision`). */
const PROVISION_SETUP = '/usr/share/samba/setup';
const REALM = 'FLOWGATE.TEST';
const WORKGROUP = 'FLOWGATE';
const BASE_DN = 'DC=flowgate,DC=test';
const NETBIOS_NAME = 'FLOWGATEDC';
const HOST_NAME = 'flowgatedc';
const ADMIN_PASSWORD = 'Flowgate-Admin-1';
const LDAP_PORTS = [389, 636, 3268, 3269];
const READY_TIMEOUT_MS = 60_000;
/** Changes whenever the provisioning below does, so an older cached domain is not reused. */
const PROVISION_REVISION = 1;

/** Whether Samba's AD domain controller and its provisioning are installed. */
export function sambaDcInstalled(): boolean {
  return existsSync(SAMBA) && existsSync(SAMBA_TOOL) && existsSync(PROVISION_SETUP);
}

export async function startSambaDc(options: SambaDcOptions = {}): Promise<RunningSambaDc> {
  if (!sambaDcInstalled())
    throw new Error(
      `${SAMBA}, ${SAMBA_TOOL} or ${PROVISION_SETUP} is missing: install Debian's samba and samba-ad-dc (apt-get install samba samba-ad-dc)`,
    );
  const template = await provisionedDomain();
  const directory = await mkdtemp(path.join(tmpdir(), 'flowgate-samba-dc-'));
  const dc = path.join(directory, 'dc');
  await cp(template, dc, { recursive: true });
  const host = await freeLoopbackAddress();
  const tls = path.join(directory, 'tls');
  await mkdir(tls);
  const caCertificate = makeTestCertificates(tls, { ips: [host], dnsNames: [`${HOST_NAME}.${REALM.toLowerCase()}`] });
  for (const folder of ['lock', 'cache', 'run'].map((name) => path.join(dc, name)))
    await mkdir(folder, { recursive: true });
  const configFile = path.join(directory, 'smb.conf');
  await writeFile(configFile, serverConfig(dc, tls, host));

  const server = serverProcess({
    name: 'samba',
    command: SAMBA,
    // `-i` keeps it in the foreground, logging to its output, and makes it exit when its input
    // closes: should this process die without stopping it, the server goes too.
    args: ['-i', '-M', 'single', '-s', configFile, `--debuglevel=${options.debugLevel ?? 0}`],
    stdin: 'pipe',
    log: options.log,
    ready: () => waitForPorts(host, [389, 636]),
  });
  const launch = async () => {
    await rm(path.join(dc, 'run', 'samba.pid'), { force: true });
    await server.start();
  };
  await launch();

  return {
    host,
    url: `ldap://${host}`,
    ldapsUrl: `ldaps://${host}`,
    realm: REALM,
    baseDn: BASE_DN,
    adminDn: `CN=Administrator,CN=Users,${BASE_DN}`,
    adminPassword: ADMIN_PASSWORD,
    caCertificate,
    directory,
    kill: () => server.kill(),
    restart: async () => {
      await server.stop();
      await launch();
    },
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The folder of a freshly provisioned domain, made once per Samba version and kept under the
 * system's temporary folder (or FLOWGATE_SAMBA_CACHE): provisioning writes the whole AD schema and
 * is slow, while copying the result is quick. Provisioned into a folder of its own and renamed
 * into place, so two test processes never see half a domain.
 */
async function provisionedDomain(): Promise<string> {
  const root = process.env.FLOWGATE_SAMBA_CACHE ?? path.join(tmpdir(), 'flowgate-samba-dc-cache');
  const version = spawnSync(SAMBA, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const key = `${version.replace(/[^A-Za-z0-9.-]+/g, '_')}-r${PROVISION_REVISION}`;
  const template = path.join(root, key);
  if (existsSync(path.join(template, 'provisioned'))) return template;
  await mkdir(root, { recursive: true });
  const target = await mkdtemp(path.join(root, 'provisioning-'));
  const result = spawnSync(
    SAMBA_TOOL,
    [
      'domain',
      'provision',
      `--targetdir=${target}`,
      `--realm=${REALM}`,
      `--domain=${WORKGROUP}`,
      `--host-name=${HOST_NAME}`,
      '--server-role=dc',
      '--dns-backend=NONE',
      `--adminpass=${ADMIN_PASSWORD}`,
      `--option=netbios name = ${NETBIOS_NAME}`,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) {
    await rm(target, { recursive: true, force: true });
    throw new Error(`samba-tool domain provision failed (${result.status ?? result.signal}): ${result.stderr}`);
  }
  await writeFile(path.join(target, 'provisioned'), `${version}\n`);
  try {
    await rename(target, template);
  } catch {
    // Another process provisioned the same version first: its copy is as good as this one.
    await rm(target, { recursive: true, force: true });
    if (!existsSync(path.join(template, 'provisioned'))) throw new Error(`Could not store the domain in ${template}`);
  }
  return template;
}

/**
 * The configuration of one server: the provisioned domain's databases in `dc`, only the LDAP
 * service, on `host` alone, with the test CA's certificate. Simple binds on ldap:// are allowed,
 * as Active Directory allows them; Samba still refuses password changes without TLS.
 */
function serverConfig(dc: string, tls: string, host: string): string {
  return `[global]
	netbios name = ${NETBIOS_NAME}
	realm = ${REALM}
	workgroup = ${WORKGROUP}
	server role = active directory domain controller
	server services = ldap
	interfaces = ${host}/8
	bind interfaces only = yes
	private dir = ${dc}/private
	binddns dir = ${dc}/bind-dns
	state directory = ${dc}/state
	lock directory = ${dc}/lock
	cache directory = ${dc}/cache
	pid directory = ${dc}/run
	ncalrpc dir = ${dc}/run/ncalrpc
	winbindd socket directory = ${dc}/run/winbindd
	ntp signd socket directory = ${dc}/run/ntp_signd
	log file = ${dc}/log.%m
	ldap server require strong auth = no
	tls enabled = yes
	tls keyfile = ${tls}/server-key.pem
	tls certfile = ${tls}/server.pem
	tls cafile = ${tls}/ca.pem
`;
}

/**
 * A loopback address other than 127.0.0.1 whose LDAP ports are free. An address given as
 * `127.0.0.x/8` is one Samba listens on without it being configured on an interface.
 */
async function freeLoopbackAddress(): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const host = `127.0.0.${2 + Math.floor(Math.random() * 253)}`;
    const free = await Promise.all(LDAP_PORTS.map((port) => canListen(host, port)));
    if (free.every(Boolean)) return host;
  }
  throw new Error(`No loopback address with the ports ${LDAP_PORTS.join(', ')} free (Samba needs root to bind them)`);
}

function canListen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

function isOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPorts(host: string, ports: number[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (const port of ports) {
    while (!(await isOpen(host, port))) {
      if (Date.now() > deadline)
        throw new Error(`samba did not listen on ${host}:${port} within ${READY_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
