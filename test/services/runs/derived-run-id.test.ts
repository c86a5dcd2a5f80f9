import { describe, expect, it } from '@jest/globals';
import { runIdFor } from '../../../src/activities/schedules.js';
import { derivedRunId } from '../../../src/services/runs/derived-run-id.js';
import { deliveryRunId } from '../../../src/services/runs/webhook-trigger.js';
import { automationRunId } from '../../../src/services/sync/sync-automation.js';

// Ids derived before the three callers shared one helper. A retried schedule firing, sync pass
// or webhook delivery after a deploy must find the run it recorded before, so these never change.
describe('derived run ids', () => {
  it('stay those that schedule firings derived before', () => {
    expect(runIdFor('schedule-1:2026-11-23T18:00:00Z')).toBe('43eab9e2-7607-41bb-a6c9-b5b8bcd81519');
    expect(runIdFor('x')).toBe('2d711642-b726-4044-a162-7ca9fbac32f5');
  });

  it('stay those that sync automation passes derived before', () => {
    expect(automationRunId('pass-1', 0)).toBe('811bf0f7-658f-5e2d-963d-ba9b6cafb567');
    expect(automationRunId('pass-1', 7)).toBe('34918d77-b63e-58d5-898e-622763087473');
    expect(automationRunId('evt-9', 0)).toBe('ec9a0628-7023-5b5e-aefe-469da79127f7');
  });

  it('stay those that webhook deliveries derived before', () => {
    const workflowId = '0b6f7a52-3c1e-4d8a-9f20-6a1d2c3b4e5f';
    expect(deliveryRunId(workflowId, 'delivery-42')).toBe('b51ca75e-9e96-83a0-bb9d-54cd8335fef9');
    expect(deliveryRunId(workflowId, 'ü?')).toBe('fcdd898f-e78e-8d0c-91fb-c37af0c67af6');
  });

  it('carry the version and variant they are asked for', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{12}$/;
    for (let i = 0; i < 64; i += 1) {
      const [, version, variant] = uuid.exec(derivedRunId(`seed-${i}`, 8))!;
      expect(version).toBe('8');
      expect(['8', '9', 'a', 'b']).toContain(variant);
      expect(uuid.exec(derivedRunId(`seed-${i}`, 4, 'fixed-a'))!.slice(1)).toEqual(['4', 'a']);
    }
    expect(derivedRunId('same', 5)).toBe(derivedRunId('same', 5));
    expect(derivedRunId('same', 5)).not.toBe(derivedRunId('other', 5));
  });
});
