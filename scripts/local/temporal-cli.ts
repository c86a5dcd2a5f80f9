import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { goBinDirectory, isExecutable, onPath } from './executables.js';

// Later tags of the CLI module carry a `replace` directive, which `go install` refuses.
const CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

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
