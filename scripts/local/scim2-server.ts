import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, isPortOpen } from './free-port.js';
import { ensurePythonEnvironment } from './python-environment.js';

/**
 * `scim2-server` from PyPI (the python-scim project's reference SCIM 2.0 server, independent of
 * this service) run as a real local server for the `scim` connector's tests and benchmarks: from a
 * Python virtual environment made on first use in the temporary folder, keyed by the pinned
 * versions, listening on 127.0.0.1 only and keeping its resources in memory.
 * What it supports is written down in docs/connectors-scim.md.
 */

/** The versions installed; a new pin makes a new environment beside the old one. */
export const SCIM2_SERVER_VERSION = '0.8.3';
const SCIM2_MODELS_VERSION = '0.12.3';
const READY_TIMEOUT_MS = 30_000;

export interface Scim2ServerOptions {
  /**
   * The ServiceProviderConfig the server announces and obeys (it answers 501 to PATCH, filters or
   * sorting the configuration leaves out, and sends no ETags without `etag`). Default: everything
   * but cursor paging.
   */
  serviceProviderConfig?: Record<string, unknown>;
  log?: (line: string) => void;
}

export interface RunningScim2Server {
  /** The SCIM root: `http://127.0.0.1:<port>/v2`. */
  baseUrl: string;
  port: number;
  /** The only bearer token it accepts. */
  token: string;
  /** Stops the server (its resources are lost) and removes its folder. */
  stop(): Promise<void>;
}

/**
 * The Python of the virtual environment holding scim2-server, made on first use
 * (`ensurePythonEnvironment`); the server is run as `python -m scim2_server.testserver.cli`.
 */
export function ensureScim2Server(): Promise<string> {
  return ensurePythonEnvironment(`flowgate-scim2-server-${SCIM2_SERVER_VERSION}-models-${SCIM2_MODELS_VERSION}`, [
    `scim2-server==${SCIM2_SERVER_VERSION}`,
    `scim2-models==${SCIM2_MODELS_VERSION}`,
  ]);
}

export async function startScim2Server(options: Scim2ServerOptions = {}): Promise<RunningScim2Server> {
  const python = await ensureScim2Server();
  const directory = await mkdtemp(path.join(tmpdir(), 'flowgate-scim2-server-run-'));
  const token = randomBytes(24).toString('base64url');
  const port = await freePort();
  const args = [
    '-m',
    'scim2_server.testserver.cli',
    '--hostname',
    '127.0.0.1',
    '--port',
    String(port),
    // One argument: a token starting with `-` would read as an option of its own.
    `--bearer-token=${token}`,
  ];
  if (options.serviceProviderConfig) {
    const file = path.join(directory, 'service-provider-config.json');
    await writeFile(file, JSON.stringify(options.serviceProviderConfig));
    args.push('--service-provider-config', file);
  }
  const child = spawn(python, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  let output = '';
  const collect = (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk.toString();
    options.log?.(chunk.toString());
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`scim2-server exited with ${code}: ${output}`))),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForPort(port), exited]);
  } catch (error) {
    await stopChild(child);
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    port,
    token,
    stop: async () => {
      await stopChild(child);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isPortOpen(port))) {
    if (Date.now() > deadline) throw new Error(`scim2-server did not listen on ${port} within ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
