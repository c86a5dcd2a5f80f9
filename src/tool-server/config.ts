import { z } from 'zod';
import { TOOLSETS, type Toolset } from './tool-access.js';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Every environment variable the tool server reads, with its default. docs/tool-server.md lists the same. */
const environmentSchema = z.object({
  // http or https only: `localhost:3000` parses as a URL of scheme `localhost:`, and would make
  // every call fail with "could not reach" instead of the start saying what is wrong.
  SVC_API_URL: z.url({
    protocol: /^https?$/,
    error: (issue) =>
      `SVC_API_URL must be the base address of the Flowgate API with http:// or https://, e.g. http://localhost:3000${typeof issue.input === 'string' ? ` (not ${JSON.stringify(issue.input)})` : ''}`,
  }),
  SVC_API_TOKEN: optionalString,
  SVC_API_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(30_000),
  TOOLS_HOST: z.string().default('127.0.0.1'),
  TOOLS_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  TOOLS_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value, context) => {
      const origins = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin)
          context.addIssue({ code: 'custom', message: `${origin} is not an origin such as https://assistant.example` });
      }
      return origins;
    }),
  TOOLS_ENABLED: z
    .string()
    .default('')
    .transform((value, context) => {
      const names = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (names.length === 0) return [...TOOLSETS];
      const unknown = names.filter((name) => !(TOOLSETS as readonly string[]).includes(name));
      if (unknown.length > 0)
        context.addIssue({
          code: 'custom',
          message: `unknown toolset(s) ${unknown.join(', ')}: the toolsets are ${TOOLSETS.join(', ')}`,
        });
      return names as Toolset[];
    }),
  TOOLS_READ_ONLY: z
    .enum(['true', 'false', ''], { error: 'TOOLS_READ_ONLY must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

export interface ToolServerConfig {
  /** The API base address, without a trailing slash. */
  apiUrl: string;
  /** The token the tools act with, unless an HTTP caller brings its own. */
  apiToken?: string;
  /** Time limit of one API call. */
  apiTimeoutMs: number;
  host: string;
  port: number;
  /** Origins whose browser pages may call the HTTP transport; a request from any other origin gets 403. */
  allowedOrigins?: readonly string[];
  /** The toolsets whose tools are listed (TOOLS_ENABLED); every one when not set. */
  toolsets?: readonly Toolset[];
  /** Only read-only tools are listed (TOOLS_READ_ONLY). */
  readOnly?: boolean;
}

/** The tool server's settings from `env`, frozen; throws one error naming every bad variable. */
export function loadToolServerConfig(env: Record<string, string | undefined>): Readonly<ToolServerConfig> {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid tool server configuration:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  return Object.freeze({
    apiUrl: value.SVC_API_URL.replace(/\/+$/, ''),
    apiToken: value.SVC_API_TOKEN,
    apiTimeoutMs: value.SVC_API_TIMEOUT_MS,
    host: value.TOOLS_HOST,
    port: value.TOOLS_PORT,
    allowedOrigins: value.TOOLS_ALLOWED_ORIGINS,
    toolsets: value.TOOLS_ENABLED,
    readOnly: value.TOOLS_READ_ONLY,
  });
}
