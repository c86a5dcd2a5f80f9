import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Later tags of the CLI module carry a `replace` directive, which `go install` refuses.
const CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function goBinDirectory(): string | undefined {
  const result = spawnSync('go', ['env', 'GOBIN', 'GOPATH'], { encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  const [gobin, gopath] = result.stdout.split('\n').map((line) => line.trim());
  if (gobin) return gobin;
  return gopath ? path.join(gopath.split(path.delimiter)[0]!, 'bin') : undefined;
}

function onPath(name: string): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(directory, name);
    if (directory && isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The Temporal CLI binary, in this order: TEMPORAL_CLI_PATH; one installed earlier (Go's bin
 * folder, which outlives any clone of the repo, or PATH); a fresh `go install` when Go is on
 * the machine. Undefined when none of these works: the caller then falls back to the SDK's
 * own download, which needs the internet.
 */
export async function locateTemporalCli(log: (line: string) => void): Promise<string | undefined> {
  const configured = process.env.TEMPORAL_CLI_PATH;
  if (configured) {
    if (!isExecutable(configured)) throw new Error(`TEMPORAL_CLI_PATH=${configured} is not an executable file`);
    return configured;
  }
  const goBin = goBinDirectory();
  const installed = [
    goBin && path.join(goBin, 'temporal'),
    path.join(os.homedir(), 'go', 'bin', 'temporal'),
    onPath('temporal'),
  ];
  const found = installed.find((candidate): candidate is string => !!candidate && isExecutable(candidate));
  if (found) return found;
  if (!goBin) return undefined;

  log(`Building the Temporal CLI: go install ${CLI_MODULE} (first run only; takes a few minutes)`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('go', ['install', CLI_MODULE], { stdio: ['ignore', 'inherit', 'inherit'] });
    const ticker = setInterval(() => log('  ...still building the Temporal CLI'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(ticker);
      if (code === 0) resolve();
      else reject(new Error(`go install ${CLI_MODULE} exited with ${code}`));
    });
  });
  const built = path.join(goBin, 'temporal');
  if (!isExecutable(built)) throw new Error(`go install finished but ${built} is missing`);
  log(`Temporal CLI installed at ${built}`);
  return built;
}
