import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';
import { sourceFiles } from '../support/source-files.js';

const exists = (relative: string) =>
  stat(path.join(projectRoot(), relative)).then(
    () => true,
    () => false,
  );

describe('comments point at things that exist', () => {
  it('every docs/*.md, src/ and web/src/ path named in the source exists', async () => {
    const missing: string[] = [];
    for (const file of await sourceFiles('src', 'workers', 'scripts')) {
      const source = await readFile(path.join(projectRoot(), file), 'utf8');
      for (const [reference] of source.matchAll(/(?<![\w./-])(?:docs|src|web\/src)\/[A-Za-z0-9_./-]+\.(?:md|tsx?)\b/g))
        if (!(await exists(reference))) missing.push(`${file} names ${reference}`);
    }
    expect(missing).toEqual([]);
  });
});
