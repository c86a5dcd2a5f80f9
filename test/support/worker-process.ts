import type { ChildProcess } from 'node:child_process';
import { spawnServiceProcess, type SERVICE_ENTRIES } from '../../scripts/local/service-process.js';
import { TEST_SECRET_KEY } from './app.js';
import { stackValue } from './stack.js';

export interface ServiceProcessOptions {
  databaseUrl: () => string;
  taskQueue: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * The real entry points of the service (`workers/main.ts`, `src/server.ts`) in child processes,
 * so a test can signal them or kill them the hard way. Each is one node process (`--import
 * tsx`): through the tsx launcher, a signal would hit only the launcher and leave the service
 * itself running. Call `killAll` after the tests.
 */
export function serviceProcesses(options: ServiceProcessOptions) {
  const children: ChildProcess[] = [];

  function start(
    kind: keyof typeof SERVICE_ENTRIES,
    env: NodeJS.ProcessEnv = {},
    onOutput?: (chunk: Buffer) => void,
  ): Promise<ChildProcess> {
    const { child, ready } = spawnServiceProcess(
      kind,
      {
        DATABASE_URL: options.databaseUrl(),
        TEMPORAL_ADDRESS: stackValue('temporalAddress'),
        TEMPORAL_TASK_QUEUE: options.taskQueue,
        CONNECTOR_SECRET_KEY: TEST_SECRET_KEY,
        ...options.env,
        ...env,
      },
      onOutput,
    );
    children.push(child);
    return ready;
  }

  return {
    /** A worker, with `env` on top of the options'; resolves once it polls its task queue. */
    startWorker: (env?: NodeJS.ProcessEnv, onOutput?: (chunk: Buffer) => void) => start('worker', env, onOutput),
    /** An API process on `port` of 127.0.0.1, with `env` on top of the options'; resolves once it listens. */
    startApi: (port: number, env: NodeJS.ProcessEnv = {}, onOutput?: (chunk: Buffer) => void) =>
      start('api', { ...env, PORT: String(port), HOST: '127.0.0.1' }, onOutput),
    killAll(): void {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Worker processes only (`start` is `startWorker`). */
export function workerProcesses(options: ServiceProcessOptions) {
  const processes = serviceProcesses(options);
  return { start: processes.startWorker, killAll: processes.killAll };
}
