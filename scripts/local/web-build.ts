import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-root.js';

/** Where `npm run build:web` writes the console (`<root>/dist/web`); the API serves it at `/`. */
export function webBuildDir(root = projectRoot()): string {
  return path.join(root, 'dist', 'web');
}

/** The newest modification time of any file under `directory`, in ms (0 when it is empty). */
async function newestFileTime(directory: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const { mtimeMs } = await stat(path.join(entry.parentPath, entry.name));
    newest = Math.max(newest, mtimeMs);
  }
  return newest;
}

/**
 * Whether dist/web needs a build: it has no index.html, or a file under web/ changed after it was
 * built. Vite rewrites index.html on every build, so its time is the build's.
 */
export async function isWebBuildOutdated(root = projectRoot()): Promise<boolean> {
  const built = await stat(path.join(webBuildDir(root), 'index.html')).catch(() => undefined);
  if (!built) return true;
  return (await newestFileTime(path.join(root, 'web'))) > built.mtimeMs;
}

/** Runs `npm run build:web` when the console is missing or outdated (npm start, test setup). */
export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  if (!(await isWebBuildOutdated())) return;
  await buildWeb(log);
}

/**
 * Runs `npm run build:web` with NODE_ENV=production whatever the caller's: Vite would otherwise
 * build React's development version under Jest (NODE_ENV=test), and npm start would serve that
 * slower, larger build as long as nothing in web/ changed.
 */
export async function buildWeb(log: (line: string) => void): Promise<void> {
  log('Building the web console (npm run build:web)');
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build:web'], {
      cwd: projectRoot(),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.resume(); // Vite lists every file it writes; only failures matter here
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build:web failed (exit code ${code})`)),
    );
  });
  log(`Built the web console in ${Date.now() - started} ms`);
}
