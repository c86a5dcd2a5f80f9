import { z } from 'zod';

export const groupInputSchema = z
  .object({ name: z.string().max(200).trim().min(1), description: z.string().max(2000).nullable().default(null) })
  .strict();
export type GroupInput = z.output<typeof groupInputSchema>;
