import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The path patterns of the console's pages (`pageRoutes` of web/src/pages/routes.tsx), in their
 * order there. Read from the source text: jest compiles TypeScript only, not the console's TSX.
 */
export async function consolePagePatterns(): Promise<string[]> {
  const source = await readFile(path.resolve('web/src/pages/routes.tsx'), 'utf8');
  const patterns = [...source.matchAll(/\bpattern: '([^']+)'/g)].map((match) => match[1] ?? '');
  if (patterns.length === 0) throw new Error('No page patterns found in web/src/pages/routes.tsx');
  return patterns;
}
