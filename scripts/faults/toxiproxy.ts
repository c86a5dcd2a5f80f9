import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { goBinDirectory, isExecutable, onPath } from '../local/executables.js';
import { freePort } from '../local/free-port.js';

/** Toxiproxy's toxics the suite uses (https://github.com/Shopify/toxiproxy#toxics). */
export type Toxic =
  | { type: 'latency'; attributes: { latency: number; jitter?: number } }
  | { type: 'bandwidth'; attributes: { rate: number } }
  | { type: 'reset_peer'; attributes: { timeout: number } }
  | { type: 'timeout'; attributes: { timeout: number } };

export interface Proxy {
  readonly name: string;
  /** Where the proxy listens: connect here instead of the upstream. */
  readonly host: string;
  readonly port: number;
}

export interface Toxiproxy {
  /** A proxy in front of `upstream` (`host:port`), listening on a free localhost port. */
  createProxy(name: string, upstream: string): Promise<Proxy>;
  /** Adds `toxic` to both directions of `proxy`'s connections; `remove` takes it away again. */
  addToxic(proxy: Proxy, name: string, toxic: Toxic): Promise<{ remove(): Promise<void> }>;
  stop(): Promise<void>;
}

// Pinned, as the Temporal CLI is (scripts/local/temporal-cli.ts); this version's binary is named `server`.
const TOXIPROXY_MODULE = 'github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0';

const INSTALL_HINT =
  'toxiproxy-server is needed for the network scenarios, and Go is not installed to build it. Install Go, or\n' +
  `  go install ${TOXIPROXY_MODULE}\n` +
  "(the suite finds the binary, named \`server\`, in Go's bin folder) or set TOXIPROXY_SERVER to its path.";

/**
 * The toxiproxy server: TOXIPROXY_SERVER; `toxiproxy-server` on PATH or in Go's bin folder; or
 * `server` in Go's bin folder when it says it is toxiproxy (what `go install` of v2.5.0 builds).
 */
function locateToxiproxyServer(): string | undefined {
  const configured = process.env.TOXIPROXY_SERVER;
  if (configured) {
    if (!isExecutable(configured)) throw new Error(`TOXIPROXY_SERVER=${configured} is not an executable file`);
    return configured;
  }
  const goBins = [goBinDirectory(), path.join(os.homedir(), 'go', 'bin')].filter(
    (folder): folder is string => !!folder,
  );
  const named = [onPath('toxiproxy-server'), ...goBins.map((folder) => path.join(folder, 'toxiproxy-server'))];
  const found = named.find((candidate): candidate is string => !!candidate && isExecutable(candidate));
  if (found) return found;
  const generic = goBins
    .map((folder) => path.join(folder, 'server'))
    .find(
      (candidate) =>
        isExecutable(candidate) &&
        spawnSync(candidate, ['-version'], { encoding: 'utf8' }).stdout?.startsWith('toxiproxy-server'),
    );
  return generic;
}

/**
 * The toxiproxy server (`locateToxiproxyServer`), built with `go install` of a pinned version on
 * first use when Go is on the machine, the way `npm start` builds the Temporal CLI.
 */
export async function ensureToxiproxyServer(log: (line: string) => void): Promise<string> {
  const found = locateToxiproxyServer();
  if (found) return found;
  if (!goBinDirectory()) throw new Error(INSTALL_HINT);
  log(`Building toxiproxy: go install ${TOXIPROXY_MODULE} (first run only)`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('go', ['install', TOXIPROXY_MODULE], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`go install ${TOXIPROXY_MODULE} exited with ${code}`)),
    );
  });
  const built = locateToxiproxyServer();
  if (!built) throw new Error(`go install ${TOXIPROXY_MODULE} finished but no toxiproxy server is in Go's bin folder`);
  log(`toxiproxy installed at ${built}`);
  return built;
}

/** Starts a toxiproxy server on a free localhost port and drives it over its HTTP API. */
export async function startToxiproxy(log: (line: string) => void): Promise<Toxiproxy> {
  const binary = await ensureToxiproxyServer(log);
  const port = await freePort();
  const child = spawn(binary, ['-host', '127.0.0.1', '-port', String(port)], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const apiUrl = `http://127.0.0.1:${port}`;

  async function call(method: string, route: string, body?: unknown): Promise<void> {
    const response = await fetch(`${apiUrl}${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`toxiproxy ${method} ${route}: ${response.status} ${text}`);
  }

  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await call('GET', '/version');
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${binary} did not start: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    async createProxy(name, upstream) {
      const listenPort = await freePort();
      await call('POST', '/proxies', { name, listen: `127.0.0.1:${listenPort}`, upstream, enabled: true });
      return { name, host: '127.0.0.1', port: listenPort };
    },
    async addToxic(proxy, name, toxic) {
      const names = (['upstream', 'downstream'] as const).map((stream) => `${name}_${stream}`);
      for (const [index, stream] of (['upstream', 'downstream'] as const).entries())
        await call('POST', `/proxies/${proxy.name}/toxics`, { ...toxic, name: names[index], stream, toxicity: 1 });
      return {
        async remove() {
          for (const toxicName of names) await call('DELETE', `/proxies/${proxy.name}/toxics/${toxicName}`);
        },
      };
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
