import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../src/config/index.js';
import { createConnectorRuntime, type ConnectorRuntime } from '../../../src/connectors/runtime.js';
import { registerSimulatedConnectors } from '../../../src/services/connectors/manage-connectors.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

let database: TestDatabase;
let runtime: ConnectorRuntime;

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = await createConnectorRuntime(loadConfig({}));
});

afterAll(() => database.drop());

describe('the test connectors are registered at API start', () => {
  it('once each when several API processes start at the same time, none of them failing', async () => {
    await Promise.all(Array.from({ length: 4 }, () => registerSimulatedConnectors(database.db, runtime)));
    const rows = await database.db.connector.findMany({ where: { managedBySystem: true }, orderBy: { name: 'asc' } });
    expect(rows.map((row) => row.name)).toEqual([...runtime.simulatedConnectorNames].sort());
  });

  it('leaves a record an administrator changed as it is', async () => {
    const name = runtime.simulatedConnectorNames[0]!;
    await database.db.connector.update({ where: { name }, data: { description: 'changed by an admin' } });
    await registerSimulatedConnectors(database.db, runtime);
    expect((await database.db.connector.findUniqueOrThrow({ where: { name } })).description).toBe(
      'changed by an admin',
    );
  });
});
