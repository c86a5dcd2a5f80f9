import { z } from 'zod';
import { STEP_TYPES, STEP_TYPE_NAMES, TRANSITION_OUTCOMES } from './step-types.js';

/**
 * Every step type with its description, outcomes (transition `on` values) and config JSON Schema:
 * what an author (the tool server's assistant, the console's editor) builds steps from, rendered
 * from the schemas validation uses.
 */
export function stepTypesReference() {
  return {
    transitionOutcomes: TRANSITION_OUTCOMES,
    stepTypes: STEP_TYPE_NAMES.map((type) => ({
      type,
      description: STEP_TYPES[type].description,
      outcomes: STEP_TYPES[type].outcomes,
      configSchema: z.toJSONSchema(STEP_TYPES[type].config, { io: 'input', unrepresentable: 'any' }),
    })),
  };
}
