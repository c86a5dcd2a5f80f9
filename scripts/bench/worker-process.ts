import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { projectRoot } from '../../src/db/migrate.js';

/** The worker in a process of its own, so its memory is its own: resolves once it polls. */
export function startWorkerProcess(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    cwd: projectRoot(),
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
      if (output.includes('worker polling')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

/** Resident and peak resident memory of a process, in MiB, from /proc (Linux). */
export async function memoryOf(pid: number): Promise<{ rssMiB: number; peakMiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
}

/** Starts counting the peak resident memory afresh (Linux: clear_refs 5 resets VmHWM). */
export const resetPeakMemory = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');
