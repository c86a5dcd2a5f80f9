import type { z } from 'zod';
import type { SettingsSpec } from '../handler.js';
import { jsonSchemaOf } from './command-parameters.js';

/** A built-in handler's settings, described from the schema its calls parse them with. */
export function settingsSpec(connectionSchema: z.ZodType, secrets: readonly string[]): SettingsSpec {
  return { schema: jsonSchemaOf(connectionSchema), secrets };
}
