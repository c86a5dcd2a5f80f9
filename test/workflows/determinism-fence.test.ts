import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';
import { moduleImports } from '../support/module-imports.js';

// The lint rule of the style guide, as a test: workflow code and the engine it uses import
// nothing that does I/O or breaks determinism, and activities only as types.
const FENCED = [
  'src/workflows',
  'src/engine',
  'src/domain',
  'src/temporal/messages.ts',
  'src/temporal/search-attributes.ts',
];
const FORBIDDEN = [
  /^node:/,
  /^(fs|path|crypto|http|https|net|os|child_process)$/,
  /^@prisma\//,
  /^koa/,
  /^@koa\//,
  /^pg$/,
  /^@temporalio\/(client|worker|activity)$/,
  /\/db\//,
  /\/api\//,
  /\/services\//,
  /\/connectors\//,
];

async function filesUnder(relative: string): Promise<string[]> {
  const absolute = path.join(projectRoot(), relative);
  if (relative.endsWith('.ts')) return [absolute];
  const entries = await readdir(absolute, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * What a fenced file imports that it may not: every module it names (static imports, `export …
 * from`, `import()` and `require()`, read by the compiler's parser) is checked.
 */
function fenceOffences(file: string, source: string): string[] {
  const offences: string[] = [];
  for (const { specifier, typeOnly } of moduleImports(file, source)) {
    if (FORBIDDEN.some((pattern) => pattern.test(specifier))) offences.push(`${file} imports ${specifier}`);
    if (specifier.includes('/activities/') && !typeOnly) offences.push(`${file} imports activities as values`);
  }
  return offences;
}

describe('workflow code is fenced off from I/O', () => {
  it('imports only workflow-safe modules, and activities by type only', async () => {
    const offences: string[] = [];
    for (const area of FENCED)
      for (const file of await filesUnder(area))
        offences.push(...fenceOffences(path.relative(projectRoot(), file), await readFile(file, 'utf8')));
    expect(offences).toEqual([]);
  });

  it('catches re-exports, dynamic imports and value imports of activities, wherever they are in a file', () => {
    const source = [
      "import type { Activities } from '../activities/index.js';",
      "export * from '../db/client.js';",
      "export { randomUUID } from 'node:crypto';",
      'export async function later() {',
      "  return (await import('../services/runs/start-run.js')).startRun;",
      '}',
      "import { type Activities as Values, createActivities } from '../activities/index.js';",
      "export type { Database } from '../db/client.js';",
    ].join('\n');
    expect(fenceOffences('src/workflows/example.ts', source)).toEqual([
      'src/workflows/example.ts imports ../db/client.js',
      'src/workflows/example.ts imports node:crypto',
      'src/workflows/example.ts imports ../services/runs/start-run.js',
      'src/workflows/example.ts imports activities as values',
      'src/workflows/example.ts imports ../db/client.js',
    ]);
  });
});
