import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';

// package-lock.json is what `npm ci` installs in CI and in the Docker build: it must agree with
// package.json and hold every platform's optional packages, or `npm ci` fails and `npm install`
// rewrites it on a fresh clone.

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const read = (file: string) => readFile(path.join(projectRoot(), file), 'utf8');
const packageJson = JSON.parse(await read('package.json')) as LockEntry;
const lock = JSON.parse(await read('package-lock.json')) as { packages: Record<string, LockEntry> };

/** Where npm would find `name` for the package at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  it('records the dependencies package.json declares, with the same ranges', () => {
    const root = lock.packages['']!;
    expect(root.dependencies).toEqual(packageJson.dependencies);
    expect(root.devDependencies).toEqual(packageJson.devDependencies);
  });

  it("holds every package's optional dependencies, for every platform", () => {
    const missing = Object.entries(lock.packages).flatMap(([location, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolve(location, name))
        .map((name) => `${location || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('is what CI and the Docker build install, with npm ci', async () => {
    expect(await read('.ci/run')).toMatch(/^npm ci && npm test$/m);
    const dockerfile = await read('Dockerfile');
    expect(dockerfile).not.toMatch(/npm install/);
    expect(dockerfile.match(/^RUN npm ci\b/gm)).toHaveLength(2);
  });
});
