import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, isPortOpen } from './free-port.js';
import { serverProcess } from './server-process.js';
import { makeTestCertificates } from './test-certificates.js';

/**
 * Debian's rsyslog (`rsyslogd`, packages `rsyslog` and `rsyslog-openssl`) run as a real syslog
 * server for the audit stream's tests and fault scenario: its own configuration, certificates and
 * output in a temporary folder, `imtcp` on 127.0.0.1 with the OpenSSL stream driver (RFC 5425:
 * TLS, octet-counted frames), and every message it parses written as one JSON line to a file.
 */

export interface RsyslogOptions {
  log?: (line: string) => void;
}

/** One message as rsyslog parsed it (its RFC 5424 fields). */
export interface ReceivedSyslogMessage {
  pri: string;
  timestamp: string;
  hostname: string;
  appname: string;
  procid: string;
  msgid: string;
  structured: string;
  msg: string;
}

export interface RunningRsyslog {
  host: string;
  port: number;
  /** PEM of the CA that signed the server's certificate (for `127.0.0.1` and `localhost`). */
  caCertificate: string;
  directory: string;
  /** Every message received so far, in the order rsyslog wrote them. */
  received(): Promise<ReceivedSyslogMessage[]>;
  /** Stops the server (it refuses connections until `start`); what it received stays. */
  pause(): Promise<void>;
  /** Starts it again on the same port and output file. */
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

const RSYSLOGD = '/usr/sbin/rsyslogd';
const OSSL_DRIVER = '/usr/lib/x86_64-linux-gnu/rsyslog/lmnsd_ossl.so';
const READY_TIMEOUT_MS = 30_000;

/** Whether rsyslogd and its OpenSSL stream driver are installed. */
export function rsyslogInstalled(): boolean {
  return existsSync(RSYSLOGD) && existsSync(OSSL_DRIVER);
}

export async function startRsyslog(options: RsyslogOptions = {}): Promise<RunningRsyslog> {
  if (!rsyslogInstalled())
    throw new Error(`${RSYSLOGD} or its ossl driver is missing: apt-get install rsyslog rsyslog-openssl`);
  const directory = await mkdtemp(path.join(tmpdir(), 'flowgate-rsyslog-'));
  const workDirectory = path.join(directory, 'work');
  await mkdir(workDirectory);
  const caCertificate = makeTestCertificates(directory, { ips: ['127.0.0.1'], dnsNames: ['localhost'] });
  const port = await freePort();
  const output = path.join(directory, 'received.jsonl');
  const configFile = path.join(directory, 'rsyslog.conf');
  await writeFile(configFile, rsyslogConfig({ directory, workDirectory, port, output }));
  await writeFile(output, '');
  const server = serverProcess({
    name: 'rsyslogd',
    command: RSYSLOGD,
    // -n: in the foreground, so the test owns the process; -i: a pid file of its own.
    args: ['-n', '-f', configFile, '-i', path.join(directory, 'rsyslogd.pid')],
    stdin: 'ignore',
    log: options.log,
    ready: () => waitForPort(port),
  });
  await server.start();
  return {
    host: '127.0.0.1',
    port,
    caCertificate,
    directory,
    async received() {
      const text = await readFile(output, 'utf8');
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as ReceivedSyslogMessage);
    },
    pause: () => server.stop(),
    start: () => server.start(),
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function rsyslogConfig(settings: { directory: string; workDirectory: string; port: number; output: string }): string {
  const { directory, workDirectory, port, output } = settings;
  // maxMessageSize before the input is loaded: audit events are larger than the 8 KiB default.
  return `
global(
  workDirectory="${workDirectory}"
  maxMessageSize="256k"
  defaultNetstreamDriver="ossl"
  defaultNetstreamDriverCAFile="${directory}/ca.pem"
  defaultNetstreamDriverCertFile="${directory}/server.pem"
  defaultNetstreamDriverKeyFile="${directory}/server-key.pem"
)
module(load="imtcp" streamDriver.name="ossl" streamDriver.mode="1" streamDriver.authMode="anon")
input(type="imtcp" address="127.0.0.1" port="${port}")
template(name="received" type="list" option.jsonf="on") {
  property(outname="pri" name="pri" format="jsonf")
  property(outname="timestamp" name="timereported" dateFormat="rfc3339" format="jsonf")
  property(outname="hostname" name="hostname" format="jsonf")
  property(outname="appname" name="app-name" format="jsonf")
  property(outname="procid" name="procid" format="jsonf")
  property(outname="msgid" name="msgid" format="jsonf")
  property(outname="structured" name="structured-data" format="jsonf")
  property(outname="msg" name="msg" format="jsonf")
}
action(type="omfile" file="${output}" template="received" flushOnTXEnd="on" asyncWriting="off")
`;
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isPortOpen(port))) {
    if (Date.now() > deadline) throw new Error(`rsyslogd did not listen on ${port} within ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
