import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../src/config/project-root.js';

/** What each entry point of the service prints once it serves. */
export const SERVICE_ENTRIES = {
  worker: { entry: 'workers/main.ts', ready: 'worker polling' },
  api: { entry: 'src/server.ts', ready: 'API listening' },
} as const;

/**
 * An entry point of the service in a node process of its own, run from the sources
 * (`node --import tsx`, one process: through the tsx launcher a signal would reach only the
 * launcher). `ready` resolves once its output says it serves, and rejects with that output if it
 * exits first; the process logs at `info`, which is what says so. `onOutput` sees all of it.
 */
export function spawnServiceProcess(
  kind: keyof typeof SERVICE_ENTRIES,
  env: NodeJS.ProcessEnv,
  onOutput: (chunk: Buffer) => void = () => undefined,
): { child: ChildProcess; ready: Promise<ChildProcess> } {
  const { entry, ready: readyLine } = SERVICE_ENTRIES[kind];
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: projectRoot(),
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<ChildProcess>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      onOutput(chunk);
      if (output.length < 100_000) output += chunk.toString();
      if (output.includes(readyLine)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}: ${output}`)));
  });
  return { child, ready };
}
