import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/db/migrate.js';

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

describe('workflow code is fenced off from I/O', () => {
  it('imports only workflow-safe modules, and activities by type only', async () => {
    const offences: string[] = [];
    for (const area of FENCED) {
      for (const file of await filesUnder(area)) {
        const source = await readFile(file, 'utf8');
        for (const match of source.matchAll(/^import\s+(type\s+)?[^'"]*['"]([^'"]+)['"]/gm)) {
          const [, typeOnly, specifier] = match;
          const relative = path.relative(projectRoot(), file);
          if (FORBIDDEN.some((pattern) => pattern.test(specifier!))) offences.push(`${relative} imports ${specifier}`);
          if (specifier!.includes('/activities/') && !typeOnly)
            offences.push(`${relative} imports activities as values`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
