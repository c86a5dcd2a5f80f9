import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';
import { moduleImports, resolveRelative } from '../support/module-imports.js';
import { sourceFiles } from '../support/source-files.js';

/**
 * Each source file of src/ with the source files it imports (static, `export … from` and dynamic),
 * type-only imports included, except the type-only imports of workflow and activity functions:
 * that is how Temporal clients and workflows name them without loading them, not a dependency of
 * one layer on another.
 */
async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const file of await sourceFiles('src')) {
    const source = await readFile(path.join(projectRoot(), file), 'utf8');
    const targets = moduleImports(file, source)
      .map(({ typeOnly, specifier }) => ({ typeOnly, target: resolveRelative(projectRoot(), file, specifier) }))
      .filter(({ target }) => target !== undefined)
      .filter(({ typeOnly, target }) => !(typeOnly && ['workflows', 'activities'].includes(areaOf(target!))))
      .map(({ target }) => target!);
    graph.set(file, targets);
  }
  return graph;
}

/** The top-level area of a source file: `src/api/scim/scim-router.ts` → `api`. */
const areaOf = (file: string) => file.split(path.sep)[1]!.replace(/\.ts$/, '');

/** Areas that reach themselves again through imports of other areas. */
function areaCycles(graph: Map<string, string[]>): string[] {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph)
    for (const target of targets)
      if (areaOf(target) !== areaOf(file)) {
        if (!edges.has(areaOf(file))) edges.set(areaOf(file), new Set());
        edges.get(areaOf(file))!.add(areaOf(target));
      }
  const cycles: string[] = [];
  const walk = (area: string, trail: string[]) => {
    for (const next of edges.get(area) ?? []) {
      if (next === trail[0]) cycles.push([...trail, next].join(' → '));
      else if (!trail.includes(next) && next > trail[0]!) walk(next, [...trail, next]);
    }
  };
  for (const area of edges.keys()) walk(area, [area]);
  return cycles;
}

/**
 * Each circle of imports between files, as `a → b → a`: found as the back edges of a depth-first
 * walk, so every graph with a circle yields at least one.
 */
function fileCircles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const circles: string[] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const walk = (file: string) => {
    trail.push(file);
    for (const target of graph.get(file) ?? []) {
      const back = trail.indexOf(target);
      if (back >= 0) circles.push([...trail.slice(back), target].join(' → '));
      else if (!done.has(target)) walk(target);
    }
    trail.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) walk(file);
  return circles;
}

describe('the layers of src/ import one way', () => {
  it('the SCIM protocol code imports nothing of the API, the services or the database client', async () => {
    const graph = await importGraph();
    const offences = [...graph]
      .filter(([file]) => areaOf(file) === 'scim')
      .flatMap(([file, targets]) =>
        targets
          .filter(
            (target) => ['api', 'services'].includes(areaOf(target)) || target === path.join('src', 'db', 'client.ts'),
          )
          .map((target) => `${file} imports ${target}`),
      );
    expect(offences).toEqual([]);
  });

  it('no area of src/ imports, through others, an area that imports it (the SCIM router and the API included)', async () => {
    expect(areaCycles(await importGraph())).toEqual([]);
  });

  it('no file of src/ imports, through others, a file that imports it (type-only imports included)', async () => {
    expect(fileCircles(await importGraph())).toEqual([]);
  });

  it('a circle through type-only imports and re-exports is found', () => {
    const graph = new Map<string, string[]>();
    const files = {
      'src/a.ts': "import type { B } from './b.js';\nexport const a = 1;",
      'src/b.ts': "export * from './c.js';\nexport type B = number;",
      'src/c.ts': "export const c = async () => (await import('./a.js')).a;",
    };
    for (const [file, source] of Object.entries(files))
      graph.set(
        file,
        moduleImports(file, source).map(({ specifier }) =>
          path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts')),
        ),
      );
    expect(fileCircles(graph)).toEqual(['src/a.ts → src/b.ts → src/c.ts → src/a.ts']);
  });
});
