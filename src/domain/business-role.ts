import { z } from 'zod';

/** A hundred years: the column is a 32-bit integer, and an assignment's expiry must be a date. */
export const MAX_EXPIRES_AFTER_DAYS = 36_500;

/** What the API and configuration transfer accept for a business role (spec 2.9). */
export const businessRoleInputSchema = z
  .object({
    name: z.string().max(200).trim().min(1),
    description: z.string().max(2000).nullable().default(null),
    status: z.enum(['active', 'inactive']).default('active'),
    expiresAfterDays: z
      .number()
      .int()
      .min(1)
      .max(MAX_EXPIRES_AFTER_DAYS)
      .nullable()
      .default(null)
      .describe('Assignments expire this many days after the grant'),
    entitlements: z.array(z.string().min(1)).default([]).describe('Entitlement names'),
  })
  .strict();

export type BusinessRoleInput = z.output<typeof businessRoleInputSchema>;

/** Where a sweep of expired assignments goes on from: the last one it looked at. */
export interface ExpirySweepCursor {
  expiresAt: string;
  id: string;
}

/** What one batch of the sweep did, and where the next one starts (null: none is left). */
export interface ExpirySweepBatch {
  revoked: number;
  failed: number;
  next: ExpirySweepCursor | null;
}

/**
 * What one batch of the resync sweep did, and the id of the last assignment it looked at, where
 * the next batch starts (null: none is left).
 */
export interface ResyncSweepBatch {
  resynced: number;
  failed: number;
  next: string | null;
}
