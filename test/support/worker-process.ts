import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../src/db/migrate.js';
import { TEST_SECRET_KEY } from './app.js';
import { stackValue } from './stack.js';

/**
 * The real worker entry point in a child process, so a test can kill it the hard way. It is one
 * node process (`--import tsx`): through the tsx launcher, SIGKILL would hit only the launcher
 * and leave the worker itself running. Call `killAll` after the tests.
 */
export function workerProcesses(options: { databaseUrl: () => string; taskQueue: string; env?: NodeJS.ProcessEnv }) {
  const children: ChildProcess[] = [];
  return {
    /** Resolves once the new worker polls its task queue. */
    start(): Promise<ChildProcess> {
      const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
        cwd: projectRoot(),
        env: {
          ...process.env,
          DATABASE_URL: options.databaseUrl(),
          TEMPORAL_ADDRESS: stackValue('temporalAddress'),
          TEMPORAL_TASK_QUEUE: options.taskQueue,
          CONNECTOR_SECRET_KEY: TEST_SECRET_KEY,
          LOG_LEVEL: 'info',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      return new Promise((resolve, reject) => {
        let output = '';
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('worker polling')) resolve(child);
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
      });
    },
    killAll(): void {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
