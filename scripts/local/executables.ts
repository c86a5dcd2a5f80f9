import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where `go install` puts binaries (GOBIN, else the first GOPATH's bin); undefined without Go. */
export function goBinDirectory(): string | undefined {
  const result = spawnSync('go', ['env', 'GOBIN', 'GOPATH'], { encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  const [gobin, gopath] = result.stdout.split('\n').map((line) => line.trim());
  if (gobin) return gobin;
  return gopath ? path.join(gopath.split(path.delimiter)[0]!, 'bin') : undefined;
}

export function onPath(name: string): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(directory, name);
    if (directory && isExecutable(candidate)) return candidate;
  }
  return undefined;
}
