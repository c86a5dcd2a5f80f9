import type { ConnectorHandler, ConnectorResult, ListedResource } from '../../../src/connectors/handler.js';

/** Calls a handler the way the execution layer does, for a test run. */
export function call(
  handler: ConnectorHandler,
  command: string,
  parameters: Record<string, unknown> = {},
  simulateFailure?: boolean | string,
): Promise<ConnectorResult> {
  return handler.execute(
    {
      config: { command, parameters, connection: {}, ...(simulateFailure === undefined ? {} : { simulateFailure }) },
      variables: {},
      stepId: 's1',
      instanceId: 'test',
    },
    { signal: new AbortController().signal },
  );
}

/** The data of a successful call; fails the test with the error otherwise. */
export async function callData(
  handler: ConnectorHandler,
  command: string,
  parameters: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const result = await call(handler, command, parameters);
  if (!result.success || !result.data) throw new Error(`${command} failed: ${result.error ?? 'no data'}`);
  return result.data;
}

/** Every resource of a list command, page by page; also the pages' sizes and the first total estimate. */
export async function walkList(
  handler: ConnectorHandler,
  command: string,
  parameters: Record<string, unknown> = {},
): Promise<{ resources: ListedResource[]; pageSizes: number[]; totalEstimate: number | undefined }> {
  const resources: ListedResource[] = [];
  const pageSizes: number[] = [];
  let totalEstimate: number | undefined;
  let cursor: string | undefined;
  do {
    const result = await call(handler, command, { ...parameters, ...(cursor ? { cursor } : {}) });
    if (!result.success || !result.payload) throw new Error(`${command} failed: ${result.error ?? 'no payload'}`);
    resources.push(...result.payload.resources);
    pageSizes.push(result.payload.resources.length);
    totalEstimate ??= result.payload.totalEstimate;
    cursor = result.payload.nextCursor;
  } while (cursor !== undefined);
  return { resources, pageSizes, totalEstimate };
}

/** A clock that stands still until moved: write timestamps become predictable. */
export function manualClock(start = '2030-01-01T00:00:00.000Z'): { now: () => Date; set(iso: string): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (iso) => {
      current = new Date(iso);
    },
  };
}
