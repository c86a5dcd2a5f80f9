import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, Next } from '@temporalio/worker';
import { annotateSpan } from './spans.js';
import { isIdentifierValue } from './span-policy.js';

/** The fields of activity inputs that identify what the activity works on, and their attribute names. */
const IDENTIFYING_FIELDS: Record<string, string> = {
  runId: 'flowgate.run_id',
  stepId: 'flowgate.step_id',
  sequence: 'flowgate.step_sequence',
  definitionId: 'flowgate.workflow_id',
  connectorId: 'flowgate.connector_id',
  connector: 'flowgate.connector',
  command: 'flowgate.command',
  configId: 'flowgate.sync_config_id',
  syncConfigId: 'flowgate.sync_config_id',
  resourceType: 'flowgate.resource_type',
  reviewId: 'flowgate.review_id',
};

/**
 * Puts the ids an activity's input carries (run, step, connector, sync config, review) on its span,
 * read from the input object by field name; every other field, variables and parameters above
 * all, is left alone. Runs inside Temporal's activity span.
 */
export class IdentifyingActivityInterceptor implements ActivityInboundCallsInterceptor {
  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const [first] = input.args;
    if (first !== null && typeof first === 'object') {
      const fields = first as Record<string, unknown>;
      const attributes = Object.fromEntries(
        Object.entries(IDENTIFYING_FIELDS)
          .filter(([field]) => isIdentifierValue(fields[field]))
          .map(([field, attribute]) => [attribute, fields[field] as string | number]),
      );
      annotateSpan(attributes);
    }
    return next(input);
  }
}
