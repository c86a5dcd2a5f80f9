import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { poolUse, type Database } from '../db/client.js';
import { operationRegistry } from './operation-metrics.js';

/**
 * What every service process reports: prom-client's default metrics of the process, its
 * PostgreSQL pool, and the operations it ran (connector calls, sync passes).
 */
export function processMetrics(db: Database): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'flowgate_db_pool_connections',
    help: "The process's PostgreSQL connections: total open, idle, and queries waiting for one",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = poolUse(db);
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  return Registry.merge([registry, operationRegistry]);
}
