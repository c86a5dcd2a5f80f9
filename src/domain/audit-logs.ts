import { z } from 'zod';

export const auditLogSchema = z
  .object({
    id: z.uuid(),
    action: z.string(),
    actorType: z.enum(['user', 'service_client', 'system']),
    actorId: z.string().nullable(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    requestId: z.string().nullable(),
    createdAt: z.date(),
    chainSeq: z
      .number()
      .int()
      .nullable()
      .describe("The entry's place in the hash chain; null until the worker seals it, seconds after it is written"),
    chainHash: z
      .string()
      .nullable()
      .describe("SHA-256 (hex) of the previous entry's hash and this entry's content; null until sealed"),
  })
  .meta({ id: 'AuditLog' });
