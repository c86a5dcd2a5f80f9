import { z } from 'zod';
import { DEFAULT_USER_COUNT, MAX_USER_COUNT } from '../domain/simulated-directory.js';

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
  .pipe(z.url().optional());

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Every environment variable the service reads, with its default. The README lists the same. */
const environmentSchema = z
  .object({
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    API_SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
    API_READ_TIMEOUT_MS: z.coerce.number().int().positive().default(12_000),
    API_WRITE_START_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
    PUBLIC_URL: optionalUrl,
    TRUST_PROXY: z
      .enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    CONFIG_IMPORT_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(20 * 1024 * 1024),
    DATABASE_URL: optionalString,
    DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    WORKER_DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
    TEMPORAL_ADDRESS: optionalString,
    TEMPORAL_NAMESPACE: z.string().default('default'),
    TEMPORAL_TASK_QUEUE: z.string().default('flowgate-runs'),
    TEMPORAL_UI_URL: optionalUrl,
    TEMPORAL_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(2).max(100_000).default(200),
    TEMPORAL_CALL_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    CONNECTOR_SECRET_KEY: optionalString,
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters: it is the only guard of /metrics').optional(),
    ),
    WORKER_METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
    WORKER_METRICS_HOST: z.string().default('0.0.0.0'),
    AUDIT_RETENTION_DAYS: optionalString.pipe(
      z.coerce.number<string | undefined>().int().min(1).max(36_500).optional(),
    ),
    AUDIT_RETENTION_EXPORT_DIR: optionalString.pipe(
      z
        .string()
        .refine((value) => value.startsWith('/'), 'AUDIT_RETENTION_EXPORT_DIR must be an absolute path')
        .optional(),
    ),
    CONNECTOR_ALLOWED_NETWORKS: commaList,
    CONNECTOR_HANDLER_PATHS: commaList,
    CONNECTOR_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    RECORD_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    SIMULATED_DIRECTORY_USERS: z.coerce.number().int().min(1).max(MAX_USER_COUNT).default(DEFAULT_USER_COUNT),
    SCHEDULE_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    SMTP_URL: optionalString,
    SMTP_FROM: z.string().default('Flowgate <no-reply@localhost>'),
    OIDC_ISSUER: optionalUrl,
    OIDC_AUDIENCE: optionalString,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_SESSION_MAX_SECONDS: optionalString.pipe(z.coerce.number<string | undefined>().int().positive().optional()),
    OIDC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    OIDC_SESSION_CHECK_SECONDS: z.coerce.number().int().positive().default(300),
    OIDC_SCOPE: z.string().default('openid profile email groups'),
    OIDC_ROLE_ADMIN: commaList,
    OIDC_ROLE_APPROVER: commaList,
    OIDC_ROLE_RESOURCE_MANAGER: commaList,
    OIDC_ROLE_REQUESTOR: commaList,
    OIDC_TRUST_UNVERIFIED_EMAIL: z
      .enum(['true', 'false'], { error: 'OIDC_TRUST_UNVERIFIED_EMAIL must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.WORKER_METRICS_PORT !== undefined && !env.METRICS_TOKEN)
      ctx.addIssue({
        code: 'custom',
        path: ['WORKER_METRICS_PORT'],
        message: 'needs METRICS_TOKEN: the worker serves its metrics only behind it',
      });
    if (env.AUDIT_RETENTION_EXPORT_DIR !== undefined && env.AUDIT_RETENTION_DAYS === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['AUDIT_RETENTION_EXPORT_DIR'],
        message: 'needs AUDIT_RETENTION_DAYS: entries are exported when the retention removes them',
      });
  });

export interface OidcConfig {
  issuer: string;
  audience?: string;
  clientId?: string;
  /** Secret of the web client; absent for a public client (PKCE alone). */
  clientSecret?: string;
  scope: string;
  /** The provider's own session maximum (e.g. Keycloak's SSO Session Max), counted from `auth_time`. */
  sessionMaxSeconds?: number;
  /** Time limit of every call to the provider. */
  timeoutMs: number;
  /** How often a web session in use is checked at the provider (a refresh-token grant), at most. */
  sessionCheckSeconds: number;
  /**
   * Whether an `email` the provider does not mark `email_verified` may still link a sign-in to the
   * unconfirmed account with that email, and join organizations by its domain.
   */
  trustUnverifiedEmail: boolean;
  /** Identity-provider group names per service role. */
  roleGroups: {
    admin: string[];
    approver: string[];
    resource_manager: string[];
    requestor: string[];
  };
}

export interface Config {
  host: string;
  port: number;
  /** How long a stopping API process lets in-flight requests run before it closes their connections. */
  shutdownGraceMs: number;
  /** How long a read (GET) of the JSON API may take before it answers 503. */
  readTimeoutMs: number;
  /** How long a write of the JSON API may wait for its authentication before it answers 503, unchanged. */
  writeStartTimeoutMs: number;
  publicUrl?: string;
  /**
   * Whether the API runs behind a reverse proxy whose X-Forwarded-Host, -Proto and -For headers
   * it may believe (the last X-Forwarded-For entry, the one that proxy added, is the client's
   * address). Without it anyone could name another host in the links the API builds.
   */
  trustProxy: boolean;
  /** The bearer token GET /metrics asks for; metrics are off without it. */
  metricsToken?: string;
  /** Where the worker serves its /metrics (behind `metricsToken`); absent: it serves none. */
  workerMetrics?: { host: string; port: number };
  /**
   * How long audit entries are kept, and where the worker writes those it removes; absent: they
   * are kept for ever.
   */
  auditRetention?: { days: number; exportDir?: string };
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  /** The larger limit of the configuration import routes: a document can hold thousands of workflows. */
  configImportBodyLimitBytes: number;
  databaseUrl?: string;
  /**
   * Per process: connections held at most, how long a query waits for one and for its answer
   * (then 503). `workerQueryTimeoutMs` replaces `queryTimeoutMs` in workers, whose set-based
   * statements over whole directories (matching, stale marking) may rightly take longer than any
   * request should.
   */
  databasePool: { size: number; connectTimeoutMs: number; queryTimeoutMs: number; workerQueryTimeoutMs: number };
  temporal: {
    address?: string;
    namespace: string;
    taskQueue: string;
    uiUrl?: string;
    /** The worker's sticky cache: executions kept in memory between their tasks (the rest replay when they wake). */
    maxCachedWorkflows: number;
    /** How long a Temporal call made while answering a request may take (docs/operations.md, "Timeouts"). */
    callDeadlineMs: number;
  };
  connectors: {
    /** 32-byte key (base64 or hex) that encrypts connector secrets at rest; secrets cannot be stored without it. */
    secretKey?: string;
    /** CIDRs or host names connectors may reach although they are private (the SSRF guard's allow-list). */
    allowedNetworks: string[];
    /** Modules of custom handlers, loaded at start. */
    handlerPaths: string[];
    timeoutMs: number;
    /** How long a single-record lookup made during a run stays in the record cache. */
    recordCacheTtlSeconds: number;
    /** People in the seeded directory of test-ldap and test-activedirectory (demos, load tests). */
    simulatedDirectoryUsers: number;
  };
  schedules: {
    /** The shortest time allowed between two firings of a schedule. */
    minIntervalSeconds: number;
  };
  /** Email for notification steps; absent when SMTP_URL is not set (in-app notifications only). */
  smtp?: { url: string; from: string };
  /** Absent in development mode: no OIDC, API tokens only. */
  oidc?: OidcConfig;
}

/** Parses the environment once into a frozen object; throws with every problem listed. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const config: Config = {
    host: env.HOST,
    port: env.PORT,
    shutdownGraceMs: env.API_SHUTDOWN_GRACE_MS,
    readTimeoutMs: env.API_READ_TIMEOUT_MS,
    writeStartTimeoutMs: env.API_WRITE_START_TIMEOUT_MS,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    ...(env.WORKER_METRICS_PORT !== undefined
      ? { workerMetrics: { host: env.WORKER_METRICS_HOST, port: env.WORKER_METRICS_PORT } }
      : {}),
    ...(env.AUDIT_RETENTION_DAYS !== undefined
      ? { auditRetention: { days: env.AUDIT_RETENTION_DAYS, exportDir: env.AUDIT_RETENTION_EXPORT_DIR } }
      : {}),
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    configImportBodyLimitBytes: env.CONFIG_IMPORT_BODY_LIMIT_BYTES,
    databaseUrl: env.DATABASE_URL,
    databasePool: {
      size: env.DATABASE_POOL_SIZE,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
      workerQueryTimeoutMs: env.WORKER_DATABASE_QUERY_TIMEOUT_MS,
    },
    temporal: {
      address: env.TEMPORAL_ADDRESS,
      namespace: env.TEMPORAL_NAMESPACE,
      taskQueue: env.TEMPORAL_TASK_QUEUE,
      uiUrl: env.TEMPORAL_UI_URL,
      maxCachedWorkflows: env.TEMPORAL_MAX_CACHED_WORKFLOWS,
      callDeadlineMs: env.TEMPORAL_CALL_DEADLINE_MS,
    },
    connectors: {
      secretKey: env.CONNECTOR_SECRET_KEY,
      allowedNetworks: env.CONNECTOR_ALLOWED_NETWORKS,
      handlerPaths: env.CONNECTOR_HANDLER_PATHS,
      timeoutMs: env.CONNECTOR_TIMEOUT_MS,
      recordCacheTtlSeconds: env.RECORD_CACHE_TTL_SECONDS,
      simulatedDirectoryUsers: env.SIMULATED_DIRECTORY_USERS,
    },
    schedules: { minIntervalSeconds: env.SCHEDULE_MIN_INTERVAL_SECONDS },
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM } : undefined,
    oidc: env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER,
          audience: env.OIDC_AUDIENCE,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          scope: env.OIDC_SCOPE,
          sessionMaxSeconds: env.OIDC_SESSION_MAX_SECONDS,
          timeoutMs: env.OIDC_TIMEOUT_MS,
          sessionCheckSeconds: env.OIDC_SESSION_CHECK_SECONDS,
          trustUnverifiedEmail: env.OIDC_TRUST_UNVERIFIED_EMAIL,
          roleGroups: {
            admin: env.OIDC_ROLE_ADMIN,
            approver: env.OIDC_ROLE_APPROVER,
            resource_manager: env.OIDC_ROLE_RESOURCE_MANAGER,
            requestor: env.OIDC_ROLE_REQUESTOR,
          },
        }
      : undefined,
  };
  return deepFreeze(config);
}

/** The settings the production processes cannot start without. */
export function requireRuntimeConnections(config: Readonly<Config>): { databaseUrl: string; temporalAddress: string } {
  const missing = [
    config.databaseUrl ? undefined : 'DATABASE_URL',
    config.temporal.address ? undefined : 'TEMPORAL_ADDRESS',
  ].filter((name): name is string => name !== undefined);
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(' and ')} must be set (or use \`npm start\`, which starts embedded PostgreSQL and Temporal).`,
    );
  }
  return { databaseUrl: config.databaseUrl!, temporalAddress: config.temporal.address! };
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
