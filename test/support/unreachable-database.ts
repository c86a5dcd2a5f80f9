import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from '@jest/globals';
import { createDatabase, type Database } from '../../src/db/client.js';
import { startTestApp, type TestApp } from './app.js';

/** A localhost port nothing listens on: connecting to it is refused at once. */
export async function refusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The app on a PostgreSQL nothing answers for (every query fails to connect), started before the
 * tests of the calling describe block and closed after them. Read `api` inside the tests.
 */
export function useAppWithUnreachableDatabase(): { api: TestApp } {
  const context = {} as { api: TestApp; db: Database };
  beforeAll(async () => {
    context.db = createDatabase(`postgresql://flowgate:secret@127.0.0.1:${await refusedPort()}/flowgate`);
    context.api = await startTestApp({ db: context.db });
  });
  afterAll(async () => {
    await context.api.close();
    await context.db.$disconnect();
  });
  return context;
}
