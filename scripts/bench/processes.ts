import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '../../src/config/project-root.js';
import { spawnServiceProcess } from '../local/service-process.js';

/** The worker's NODE_OPTIONS (its heap sizes) as docker-compose.yml runs it. */
export async function deployedWorkerNodeOptions(): Promise<string> {
  const compose = parse(await readFile(path.join(projectRoot(), 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: { worker: { environment: { NODE_OPTIONS: string } } };
  };
  return compose.services.worker.environment.NODE_OPTIONS;
}

/**
 * The worker in a process of its own, so its memory is its own, with the NODE_OPTIONS
 * docker-compose.yml gives it unless `env` names others: resolves once it polls.
 */
export const startWorkerProcess = async (env: NodeJS.ProcessEnv) =>
  spawnServiceProcess('worker', { NODE_OPTIONS: await deployedWorkerNodeOptions(), ...env }).ready;

/** Stops a service process with SIGTERM, as a supervisor would, and waits for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident and peak resident memory of a process, in MiB, from /proc (Linux). */
export async function memoryOf(pid: number): Promise<{ rssMiB: number; peakMiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
}

/**
 * CPU time a process has used so far, user and system, in ms (Linux: /proc/<pid>/stat, in clock
 * ticks of 10 ms, the kernel's USER_HZ on every Linux this runs on).
 */
export async function cpuMillisOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts counting the peak resident memory afresh (Linux: clear_refs 5 resets VmHWM). */
export const resetPeakMemory = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');
