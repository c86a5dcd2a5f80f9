import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../src/db/migrate.js';
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

  /** Resolves once the process's output contains `ready`. */
  function start(entry: string, ready: string, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: projectRoot(),
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl(),
        TEMPORAL_ADDRESS: stackValue('temporalAddress'),
        TEMPORAL_TASK_QUEUE: options.taskQueue,
        CONNECTOR_SECRET_KEY: TEST_SECRET_KEY,
        LOG_LEVEL: 'info',
        ...options.env,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(ready)) resolve(child);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}: ${output}`)));
    });
  }

  return {
    /** A worker; resolves once it polls its task queue. */
    startWorker: () => start('workers/main.ts', 'worker polling'),
    /** An API process on `port` of 127.0.0.1; resolves once it listens. */
    startApi: (port: number) => start('src/server.ts', 'API listening', { PORT: String(port), HOST: '127.0.0.1' }),
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
