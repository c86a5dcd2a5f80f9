import { z } from 'zod';

/**
 * Audit sinks: where the audit trail is streamed (docs/observability.md, "Streaming to a SIEM").
 * A sink's settings are plain; its HMAC secret is taken here and sealed by the service, never
 * shown again.
 */

export const AUDIT_SINK_KINDS = ['syslog', 'https'] as const;
export type AuditSinkKind = (typeof AUDIT_SINK_KINDS)[number];

/** The port of syslog over TLS (RFC 5425). */
export const SYSLOG_TLS_PORT = 6514;

const pem = z
  .string()
  .max(64 * 1024)
  .includes('-----BEGIN CERTIFICATE-----', { message: 'must be a PEM certificate' });

const hostName = z
  .string()
  .min(1, 'host must not be empty')
  .max(253)
  .regex(/^[A-Za-z0-9._:-]+$/, 'host must be a host name or an IP address');

export const syslogSinkConfigSchema = z
  .object({
    host: hostName,
    port: z.number().int().min(1).max(65535).default(SYSLOG_TLS_PORT),
    serverName: hostName.optional().describe('The name the server certificate must carry, when not the host'),
    caCertificate: pem.optional().describe('PEM of the CA to trust for the server; the system CAs when absent'),
  })
  .strict()
  .meta({ id: 'SyslogSinkConfig' });

const hasCredentials = (url: URL) => url.username !== '' || url.password !== '';

export const httpsSinkConfigSchema = z
  .object({
    url: z
      .url({ protocol: /^https$/, error: 'url must be an https URL' })
      .max(2048)
      // Zod runs the refinement even after the URL check failed: an unparsable URL is that check's to refuse.
      .refine((url) => !URL.canParse(url) || !hasCredentials(new URL(url)), 'url must not carry credentials'),
    caCertificate: pem.optional().describe('PEM of the CA to trust for the collector; the system CAs when absent'),
  })
  .strict()
  .meta({ id: 'HttpsSinkConfig' });

export type SyslogSinkConfig = z.output<typeof syslogSinkConfigSchema>;
export type HttpsSinkConfig = z.output<typeof httpsSinkConfigSchema>;

const sinkName = z
  .string()
  .max(200)
  .regex(/^[^\u0000]*[^\s\u0000][^\u0000]*$/, 'name must not be blank')
  .trim();

const secret = z
  .string()
  .min(32, 'secret must be at least 32 characters')
  .max(1024)
  .describe('The HMAC-SHA256 key of the batches; generated and shown once when absent');

const startAt = z
  .enum(['now', 'beginning'])
  .default('now')
  .describe('Deliver entries sealed from now on (default), or the whole trail from its first entry');

export const createAuditSinkSchema = z.discriminatedUnion('kind', [
  z
    .object({
      name: sinkName,
      kind: z.literal('syslog'),
      enabled: z.boolean().default(true),
      startAt,
      config: syslogSinkConfigSchema,
    })
    .strict(),
  z
    .object({
      name: sinkName,
      kind: z.literal('https'),
      enabled: z.boolean().default(true),
      startAt,
      config: httpsSinkConfigSchema,
      secret: secret.optional(),
    })
    .strict(),
]);
export type CreateAuditSinkInput = z.output<typeof createAuditSinkSchema>;

export const updateAuditSinkSchema = z
  .object({
    name: sinkName.optional(),
    enabled: z.boolean().optional(),
    config: z.record(z.string(), z.unknown()).optional().describe("The sink's whole config, of its kind"),
    secret: secret.optional().describe('A new HMAC secret (https sinks)'),
  })
  .strict();
export type UpdateAuditSinkInput = z.output<typeof updateAuditSinkSchema>;

export const auditSinkSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(AUDIT_SINK_KINDS),
    enabled: z.boolean(),
    config: z.union([syslogSinkConfigSchema, httpsSinkConfigSchema]),
    hasSecret: z.boolean().describe('Whether an HMAC secret is stored (it is never shown)'),
    cursorSeq: z.string().describe('The chain place of the last entry the sink accepted'),
    backlog: z.number().int().describe('Sealed entries not yet delivered'),
    deliveredAt: z.date().nullable(),
    lastError: z.string().nullable().describe('Why delivery fails, while it does'),
    failingSince: z.date().nullable(),
    createdBy: z.uuid().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'AuditSink' });
export type AuditSinkView = z.output<typeof auditSinkSchema>;

/** The Temporal workflow that streams to one sink. */
export const auditSinkWorkflowId = (sinkId: string) => `audit-sink-${sinkId}`;
