import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { projectRoot } from '../src/db/migrate.js';

// Docker cannot run where the suite runs, so the file is checked by reading it.
// Compose honours YAML merge keys (<<: *anchor), so the parser must too.
const compose = parse(await readFile(path.join(projectRoot(), 'docker-compose.yml'), 'utf8'), { merge: true });
const dockerfile = await readFile(path.join(projectRoot(), 'Dockerfile'), 'utf8');
const packageJson = JSON.parse(await readFile(path.join(projectRoot(), 'package.json'), 'utf8')) as {
  engines: { node: string };
};

describe('docker-compose.yml runs the whole service for users with Docker', () => {
  it('names PostgreSQL, Temporal with its Web UI, the API and the worker', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'temporal', 'temporal-ui', 'api', 'worker', 'migrate']),
    );
  });

  it('wires the API and the worker with the same environment variables the processes read', () => {
    for (const name of ['api', 'worker', 'migrate']) {
      const environment = compose.services[name].environment;
      expect(environment.DATABASE_URL).toMatch(/^postgresql:\/\/\w+:\w+@postgres:5432\/\w+$/);
      expect(name === 'migrate' || environment.TEMPORAL_ADDRESS === 'temporal:7233').toBe(true);
    }
    expect(compose.services['temporal-ui'].environment.TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('starts the API and worker only after migrations succeeded', () => {
    for (const name of ['api', 'worker']) {
      expect(compose.services[name].depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('runs commands that the Dockerfile build produces', () => {
    expect(dockerfile).toContain('RUN npm run build');
    const commands = ['api', 'worker', 'migrate'].map((name) => compose.services[name].command.join(' '));
    expect(commands).toEqual([
      'node dist/src/server.js',
      'node dist/workers/main.js',
      'node dist/scripts/db-migrate.js',
    ]);
  });

  it('builds and runs on a Node.js release that package.json engines accept and that is still maintained', () => {
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((match) => Number(match[1]));
    expect(images.length).toBe(2);
    // Node 24 is the active LTS line (20 reached end of life in April 2026).
    for (const major of images) expect(major).toBeGreaterThanOrEqual(24);
    const engines = packageJson.engines.node;
    const minimumMajor = Number(/(\d+)/.exec(engines)?.[1]);
    for (const major of images) expect(major).toBeGreaterThanOrEqual(minimumMajor);
  });
});
