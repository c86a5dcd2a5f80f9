import { operationRegistry } from '../../src/metrics/operation-metrics.js';

/** A counter of this process's operation metrics, summed over its series with these labels. */
export async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const metric = await operationRegistry.getSingleMetric(name)!.get();
  return metric.values
    .filter((value) => Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}
