import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The names a test server's certificate is valid for. */
export interface CertificateNames {
  ips: string[];
  dnsNames: string[];
}

/**
 * A CA of its own and a server certificate it signs for `names`, made with the openssl command in
 * `directory` (`ca.pem`, `ca-key.pem`, `server.pem`, `server-key.pem`): clients of the test
 * servers verify the server against the CA's PEM, which this answers, as they would in production.
 */
export function makeTestCertificates(directory: string, names: CertificateNames): string {
  const run = (args: string[]) => {
    const result = spawnSync('openssl', args, { cwd: directory, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
  };
  const days = ['-days', '2'];
  run(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', ...days, '-subj', '/CN=Flowgate test CA'].concat([
      '-keyout',
      'ca-key.pem',
      '-out',
      'ca.pem',
    ]),
  );
  const commonName = names.dnsNames[0] ?? names.ips[0] ?? 'localhost';
  run(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${commonName}`].concat([
      '-keyout',
      'server-key.pem',
      '-out',
      'server.csr',
    ]),
  );
  const alternatives = [...names.ips.map((ip) => `IP:${ip}`), ...names.dnsNames.map((name) => `DNS:${name}`)];
  writeFileSync(path.join(directory, 'san.cnf'), `subjectAltName=${alternatives.join(',')}\n`);
  run(
    ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', ...days].concat([
      '-extfile',
      'san.cnf',
      '-out',
      'server.pem',
    ]),
  );
  return readFileSync(path.join(directory, 'ca.pem'), 'utf8');
}
