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
  })
  .meta({ id: 'AuditLog' });
