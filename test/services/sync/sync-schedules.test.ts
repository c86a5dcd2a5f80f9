import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { syncScheduleId } from '../../../src/domain/sync.js';
import { applySyncSchedule, removeSyncSchedule } from '../../../src/services/sync/sync-schedules.js';
import type { TemporalClientHandle } from '../../../src/temporal/client.js';
import { connectSuiteTemporal } from '../../support/app.js';

let temporal: TemporalClientHandle;

beforeAll(async () => {
  temporal = await connectSuiteTemporal();
});

afterAll(async () => {
  await temporal.close();
});

describe('a sync schedule written by two processes at once', () => {
  it('ends as one schedule, neither writer failing when the other created it first', async () => {
    const row = { connectorId: randomUUID(), resourceType: 'user', enabled: true, cronSchedule: '*/5 * * * *' };
    const taskQueue = `schedules-${randomUUID()}`;
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, () => applySyncSchedule(temporal.client, taskQueue, row)),
      );
      expect(outcomes).toContain('created');
      const description = await temporal.client.schedule.getHandle(syncScheduleId(row.connectorId, 'user')).describe();
      expect(description.action).toEqual(expect.objectContaining({ taskQueue }));
    } finally {
      await removeSyncSchedule(temporal.client, row.connectorId, 'user');
    }
  });
});
