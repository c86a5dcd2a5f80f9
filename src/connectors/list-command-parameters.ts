import { z } from 'zod';
import { jsonSchemaOf } from './builtin/command-parameters.js';
import { DEFAULT_LIST_PAGE_SIZE, type JsonSchema } from './handler.js';

/**
 * Parameters every list command accepts (sync item 4), defined once: handlers written in
 * TypeScript parse with the schema (narrowing `filter` to what they support), and every list
 * command publishes its JSON Schema form.
 */
export const listCommandParameters = z
  .object({
    cursor: z.string().optional(),
    pageSize: z.number().int().min(1).max(5000).default(DEFAULT_LIST_PAGE_SIZE),
    filter: z.record(z.string(), z.unknown()).optional(),
    modifiedSince: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export const LIST_COMMAND_PARAMETERS: JsonSchema = jsonSchemaOf(listCommandParameters);
