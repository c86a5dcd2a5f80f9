import { spawn, type ChildProcess } from 'node:child_process';

/** A local server process the test helpers start, crash, restart and stop. */
export interface ServerProcessOptions {
  /** For messages: `slapd`, `samba`. */
  name: string;
  command: string;
  args: readonly string[];
  /** `pipe` for a server that exits once its input closes (so it goes when this process dies). */
  stdin: 'pipe' | 'ignore';
  /** Gets each chunk of the server's output. */
  log?: (line: string) => void;
  /** Resolves once the server accepts connections. */
  ready(): Promise<void>;
}

export interface ServerProcess {
  /** Spawns the server and waits until it is ready; rejects with its output if it exits first. */
  start(): Promise<void>;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): void;
  /** SIGTERM, then SIGKILL after 5 s, and waits for it to exit. */
  stop(): Promise<void>;
}

export function serverProcess(options: ServerProcessOptions): ServerProcess {
  let child: ChildProcess | undefined;
  return {
    async start() {
      const started = spawn(options.command, options.args, { stdio: [options.stdin, 'pipe', 'pipe'] });
      child = started;
      const log = options.log ?? (() => undefined);
      let output = '';
      const collect = (chunk: Buffer) => {
        if (output.length < 100_000) output += chunk.toString();
        log(chunk.toString());
      };
      started.stdout!.on('data', collect);
      started.stderr!.on('data', collect);
      const exited = new Promise<never>((_, reject) =>
        started.once('exit', (code, signal) =>
          reject(new Error(`${options.name} exited with ${code ?? signal}: ${output}`)),
        ),
      );
      exited.catch(() => undefined);
      await Promise.race([options.ready(), exited]);
    },
    kill() {
      child?.kill('SIGKILL');
    },
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
