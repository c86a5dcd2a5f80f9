import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/db/migrate.js';
import { sourceFiles } from '../support/source-files.js';

const IMPORT = /^(?:import|export)\s(type\s)?[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/**
 * Each source file of src/ with the source files it imports, type-only imports included, except
 * the type-only imports of workflow and activity functions: that is how Temporal clients and
 * workflows name them without loading them, not a dependency of one layer on another.
 */
async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const file of await sourceFiles('src')) {
    const source = await readFile(path.join(projectRoot(), file), 'utf8');
    const targets = [...source.matchAll(IMPORT)]
      .map(([, typeOnly, specifier]) => ({
        typeOnly: typeOnly !== undefined,
        target: path.join(path.dirname(file), specifier!).replace(/\.js$/, '.ts'),
      }))
      .filter(({ typeOnly, target }) => !(typeOnly && ['workflows', 'activities'].includes(areaOf(target))))
      .map(({ target }) => target);
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
});
