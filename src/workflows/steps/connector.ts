import { interpolateDeep } from '../../engine/interpolation.js';
import { defineStep, errorOutcome } from './step-module.js';

/**
 * A connector command. Only its parameters are interpolated: the connector, the command and the
 * output variable are names the validator checks as written.
 */
export const connectorStep = defineStep('connector', {
  interpolate: (config, scope) => ({ ...config, parameters: interpolateDeep(config.parameters ?? {}, scope) }),
  run: async (config, { runId, sequence, attempt, step, variables, work }) => {
    const result = await work.runConnectorStep({
      runId,
      sequence,
      attempt,
      stepId: step.id,
      connector: config.connector,
      command: config.command,
      parameters: config.parameters,
      simulateFailure: config.simulateFailure,
      variables,
    });
    if (!result.success) return errorOutcome(result, 'Connector call failed');
    if (config.outputVariable) variables[config.outputVariable] = result.data ?? {};
    return { outcome: 'success', output: result.data };
  },
});
