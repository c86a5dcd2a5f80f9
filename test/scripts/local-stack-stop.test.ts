import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';
import { freePort, isPortOpen } from '../../scripts/local/free-port.js';
import { pollUntil } from '../support/poll.js';

// `npm start` under a process supervisor: the supervisor signals the node process alone, and
// nothing the local stack started (PostgreSQL, the Temporal dev server) may outlive it. The test
// runs the start script of package.json through a shell, as npm does.

const dataDirs: string[] = [];
// Every process a test's stack started, so that a failed assertion never leaves one running.
const startedProcesses: number[] = [];

afterAll(async () => {
  for (const pid of startedProcesses) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** Parent pid of every live process, read from /proc. */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces; the fields after it are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended while being read
    }
  }
  return parents;
}

function descendantsOf(root: number): number[] {
  const parents = parentsByPid();
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  return pollUntil(async () => condition(), Boolean, { timeoutMs });
}

// By executable, not by command name: recent Node.js versions rename their main thread.
const nodeExecutable = realpathSync(process.execPath);
function isNodeProcess(pid: number): boolean {
  try {
    return readlinkSync(`/proc/${pid}/exe`) === nodeExecutable;
  } catch {
    return false;
  }
}

interface LocalStack {
  child: ChildProcess;
  ports: number[];
  output: () => string;
}

type Launcher = 'the start script' | 'npm start';

/**
 * Starts the local stack on free ports and a throw-away data folder, until it is ready: through
 * the package.json start script in a shell (as npm runs it), or through `npm start` itself.
 */
async function startLocalStack(launcher: Launcher): Promise<LocalStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'flowgate-start-'));
  await chmod(dataDir, 0o755);
  dataDirs.push(dataDir);
  const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports[0]),
    EMBEDDED_PG_PORT: String(ports[1]),
    TEMPORAL_DEV_PORT: String(ports[2]),
    TEMPORAL_DEV_UI_PORT: String(ports[3]),
    LOCAL_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  const packageJson = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  env.PATH = [path.join(projectRoot(), 'node_modules', '.bin'), path.dirname(process.execPath), env.PATH].join(
    path.delimiter,
  );
  const [command, args] = launcher === 'npm start' ? ['npm', ['start']] : ['sh', ['-c', packageJson.scripts.start]];
  const child = spawn(command, args, {
    cwd: projectRoot(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ready = await waitFor(() => output.includes('Press Ctrl-C to stop.') || child.exitCode !== null, 150_000);
  if (!ready || child.exitCode !== null) throw new Error(`npm start did not get ready:\n${output}`);
  return { child, ports, output: () => output };
}

describe('stopping npm start with a signal, as a process supervisor does', () => {
  it.each([
    ['SIGTERM', 'the start script'],
    ['SIGINT', 'the start script'],
    ['SIGTERM', 'npm start'],
  ] as const)(
    '%s to the node process of %s stops PostgreSQL, the Temporal dev server and the API, leaving no process or port behind',
    async (signal, launcher) => {
      const stack = await startLocalStack(launcher);
      const tree = [stack.child.pid!, ...descendantsOf(stack.child.pid!)];
      startedProcesses.push(...tree);
      const started = tree.slice(1);
      // One node process runs the stack, right under the launcher (the script `exec`s it): the tsx
      // launcher would add a parent that relays a signal and, when the child does not acknowledge
      // it within 30 ms (a busy machine), SIGKILLs it mid-shutdown, orphaning the Temporal dev
      // server; a shell left between npm and node would take npm's relayed signal and die alone.
      const nodeProcesses = tree.filter(isNodeProcess);
      expect(nodeProcesses).toHaveLength(launcher === 'npm start' ? 2 : 1);
      const nodeProcess = nodeProcesses[0]!;
      const commands = started.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
      expect(commands.some((command) => command.includes('postgres'))).toBe(true);
      expect(commands.some((command) => command.includes('start-dev'))).toBe(true);

      process.kill(nodeProcess, signal);
      const exited = await waitFor(() => stack.child.exitCode !== null || stack.child.signalCode !== null, 60_000);
      expect(exited).toBe(true);
      const allGone = await waitFor(() => started.every((pid) => !isAlive(pid)), 30_000);
      expect({ left: started.filter(isAlive), output: allGone ? '' : stack.output() }).toEqual({
        left: [],
        output: '',
      });
      for (const port of stack.ports) expect(await isPortOpen(port)).toBe(false);
    },
    240_000,
  );
});
