import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { parse } from 'yaml';
import { projectRoot } from '../../src/config/project-root.js';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../src/temporal/search-attributes.js';
import { locateTemporalCli } from './temporal-cli.js';

export interface DevServerOptions {
  port: number;
  uiPort: number;
  /** SQLite file the server keeps its state in between starts; in memory when absent. */
  dbFile?: string;
  namespace: string;
  log: (line: string) => void;
}

export interface RunningTemporal {
  address: string;
  uiUrl: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

/** The server settings (dynamic config) docker-compose.yml gives its Temporal, with why each is set. */
export const TEMPORAL_DYNAMIC_CONFIG_FILE = path.join(projectRoot(), 'docker', 'temporal', 'dynamicconfig.yaml');

/**
 * The dev server's `--dynamic-config-value` arguments for the same settings as docker-compose.yml's
 * Temporal, read from its file: each key's value without constraints (the file has no others).
 */
export async function dynamicConfigArgs(): Promise<string[]> {
  const settings = parse(await readFile(TEMPORAL_DYNAMIC_CONFIG_FILE, 'utf8')) as Record<string, { value: unknown }[]>;
  return Object.entries(settings).flatMap(([key, [setting]]) => [
    '--dynamic-config-value',
    `${key}=${JSON.stringify(setting!.value)}`,
  ]);
}

const SEARCH_ATTRIBUTE_TYPE_NAMES: Record<string, string> = {
  KEYWORD: 'Keyword',
  TEXT: 'Text',
  INT: 'Int',
  DOUBLE: 'Double',
  BOOL: 'Bool',
  DATETIME: 'Datetime',
  KEYWORD_LIST: 'KeywordList',
};

/**
 * Starts `temporal server start-dev` with the service's search attributes registered, and waits
 * until its frontend answers health checks (a cold machine can take far longer than the 5 s the
 * SDK's own launcher allows).
 */
export async function startTemporalDevServer(options: DevServerOptions): Promise<RunningTemporal> {
  const address = `127.0.0.1:${options.port}`;
  const uiUrl = `http://127.0.0.1:${options.uiPort}`;
  if (options.dbFile) await mkdir(path.dirname(options.dbFile), { recursive: true });
  const cli = await locateTemporalCli(options.log);
  if (!cli) return startSdkDownloadedServer(options, address, uiUrl);

  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--ui-port',
    String(options.uiPort),
    ...(options.dbFile ? ['--db-filename', options.dbFile] : []),
    '--namespace',
    options.namespace,
    '--log-level',
    'error',
    ...(await dynamicConfigArgs()),
    ...CUSTOM_SEARCH_ATTRIBUTES.flatMap((key) => [
      '--search-attribute',
      `${key.name}=${SEARCH_ATTRIBUTE_TYPE_NAMES[key.type]}`,
    ]),
  ];
  const child = spawn(cli, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`temporal server start-dev exited with ${code}: ${stderr.trim()}`)));
    child.once('error', reject);
  });
  try {
    await Promise.race([waitUntilServing(address), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  exited.catch(() => undefined);
  // However this process ends (a dependency's exit hook may call process.exit before our own stop
  // runs), the dev server must not outlive it and keep holding its ports.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  child.once('exit', () => process.off('exit', stopOnExit));
  return { address, uiUrl, stop: () => stopProcess(child) };
}

async function startSdkDownloadedServer(
  options: DevServerOptions,
  address: string,
  uiUrl: string,
): Promise<RunningTemporal> {
  options.log('No Temporal CLI and no Go toolchain: letting the Temporal SDK download its dev server');
  const environment = await TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port: options.port,
      ui: true,
      uiPort: options.uiPort,
      dbFilename: options.dbFile,
      namespace: options.namespace,
      searchAttributes: [...CUSTOM_SEARCH_ATTRIBUTES],
      extraArgs: await dynamicConfigArgs(),
    },
  });
  return { address, uiUrl, stop: () => environment.teardown() };
}

/** Resolves once the frontend at `address` reports SERVING; retries until the deadline. */
export async function waitUntilServing(address: string, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: '2s' });
      try {
        await connection.withDeadline(Date.now() + 2000, () => connection.healthService.check({}));
        return;
      } finally {
        await connection.close();
      }
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`Temporal at ${address} did not become healthy in ${timeoutMs} ms: ${String(lastError)}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
