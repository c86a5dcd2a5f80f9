import { z } from 'zod';

export const groupInputSchema = z
  .object({ name: z.string().trim().min(1).max(200), description: z.string().max(2000).nullable().default(null) })
  .strict();
export type GroupInput = z.output<typeof groupInputSchema>;
