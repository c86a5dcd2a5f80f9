import { z } from 'zod';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

/** A dependency the service cannot work without; resolves when it answers, rejects when not. */
export type HealthProbe = () => Promise<void>;

export interface HealthProbes {
  database: HealthProbe;
  temporal: HealthProbe;
}

const PROBE_TIMEOUT_MS = 3000;

const componentSchema = z.object({ status: z.enum(['up', 'down']), error: z.string().optional() });
const healthSchema = z
  .object({ status: z.enum(['ok', 'unavailable']), database: componentSchema, temporal: componentSchema })
  .meta({ id: 'Health' });

async function probe(check: HealthProbe): Promise<z.infer<typeof componentSchema>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { status: 'up' };
  } catch (error) {
    // The reason helps operators; it names the component, never credentials or SQL.
    return { status: 'down', error: error instanceof Error ? error.message.split('\n')[0] : 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: ResourceRouterDependencies, probes: HealthProbes): ResourceRouter {
  return new ResourceRouter('/api/health', 'Health', deps).add({
    method: 'get',
    path: '',
    operationId: 'getHealth',
    summary: 'Health of the service and the systems it depends on',
    access: 'public',
    responses: {
      200: { description: 'PostgreSQL and Temporal both answer', schema: healthSchema },
      503: { description: 'PostgreSQL or Temporal does not answer', schema: healthSchema },
    },
    async handler(ctx) {
      const [database, temporal] = await Promise.all([probe(probes.database), probe(probes.temporal)]);
      const healthy = database.status === 'up' && temporal.status === 'up';
      ctx.status = healthy ? 200 : 503;
      ctx.body = { status: healthy ? 'ok' : 'unavailable', database, temporal };
    },
  });
}
