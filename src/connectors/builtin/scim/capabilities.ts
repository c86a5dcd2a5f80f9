import { z } from 'zod';
import { isConnectorError } from '../../connector-error.js';
import type { CapabilityOverrides } from './connection.js';
import { expectShape, statusFailure, type ScimTarget } from './scim-client.js';

/**
 * What a SCIM target supports, read from its `/ServiceProviderConfig` (RFC 7643 §5) at `test` and
 * on first use, cached per target and credentials, and overridden by the connector's
 * `capabilities` setting for servers that misreport themselves.
 */

export interface Capabilities {
  patch: boolean;
  filter: boolean;
  etag: boolean;
  bulk: boolean;
  /** Cursor paging (RFC 9865): announced as `pagination.cursor`; lists then page by cursor. */
  cursor: boolean;
  /** Members one PATCH of a group may carry. */
  maxMembersPerPatch: number;
  /** Resources one list page may hold; null when the server names no limit. */
  maxResults: number | null;
  /** `server`: read from the target; `assumed`: it had no usable ServiceProviderConfig. */
  source: 'server' | 'assumed';
}

export const DEFAULT_MAX_MEMBERS_PER_PATCH = 100;
// Re-read now and then, so a server whose features change is seen without a restart.
const CACHE_TTL_MS = 60 * 60 * 1000;

const supported = z.looseObject({ supported: z.boolean() }).optional();
const serviceProviderConfig = z.looseObject({
  patch: supported,
  filter: z.looseObject({ supported: z.boolean(), maxResults: z.number().int().min(0).optional() }).optional(),
  etag: supported,
  bulk: supported,
  // RFC 9865 §4: how the server pages lists, where it says.
  pagination: z
    .looseObject({ cursor: z.boolean().optional(), maxPageSize: z.number().int().min(0).optional() })
    .optional(),
});

// What a target without a readable ServiceProviderConfig is taken to support: PATCH and filters
// are what the large vendors offer, ETags rarely.
const ASSUMED = {
  patch: true,
  filter: true,
  etag: false,
  bulk: false,
  cursor: false,
  maxResults: null,
  source: 'assumed',
} as const;

type ServerCapabilities = Omit<Capabilities, 'maxMembersPerPatch'>;

export function createCapabilityCache(now: () => number) {
  const cache = new Map<string, { capabilities: ServerCapabilities; readAt: number }>();
  // Reads under way, shared: commands starting together on a cold cache read the target once.
  const reading = new Map<string, Promise<ServerCapabilities>>();

  async function read(target: ScimTarget): Promise<ServerCapabilities> {
    const response = await target.call('GET', '/ServiceProviderConfig');
    if (response.status === 404 || response.status === 501) return { ...ASSUMED };
    if (response.status < 200 || response.status >= 300) throw statusFailure(response);
    const config = expectShape(serviceProviderConfig, response);
    return {
      patch: config.patch?.supported ?? false,
      filter: config.filter?.supported ?? false,
      etag: config.etag?.supported ?? false,
      bulk: config.bulk?.supported ?? false,
      cursor: config.pagination?.cursor ?? false,
      // 0 is what servers without filters tend to announce: it limits nothing.
      maxResults: config.filter?.maxResults || config.pagination?.maxPageSize || null,
      source: 'server',
    };
  }

  async function readOrAssume(target: ScimTarget): Promise<ServerCapabilities> {
    try {
      return await read(target);
    } catch (error) {
      // A target answering its ServiceProviderConfig with nonsense is used on assumptions;
      // refused credentials and unreachable servers fail the command as they should.
      if (!isConnectorError(error) || error.code !== 'invalid_response') throw error;
      return { ...ASSUMED };
    }
  }

  return {
    /** The target's capabilities, read again when `refresh` is set or the cached ones are old. */
    async of(target: ScimTarget, options: { refresh?: boolean } = {}): Promise<Capabilities> {
      const cached = cache.get(target.cacheKey);
      let server = cached && !options.refresh && now() - cached.readAt < CACHE_TTL_MS ? cached.capabilities : undefined;
      if (!server) {
        let pending = reading.get(target.cacheKey);
        if (!pending) {
          pending = readOrAssume(target)
            .then((read) => {
              cache.set(target.cacheKey, { capabilities: read, readAt: now() });
              return read;
            })
            .finally(() => reading.delete(target.cacheKey));
          reading.set(target.cacheKey, pending);
        }
        server = await pending;
      }
      return withOverrides(server, target.connection.capabilities);
    },
  };
}

export type CapabilityCache = ReturnType<typeof createCapabilityCache>;

function withOverrides(server: ServerCapabilities, overrides: CapabilityOverrides | undefined): Capabilities {
  return {
    ...server,
    patch: overrides?.patch ?? server.patch,
    filter: overrides?.filter ?? server.filter,
    etag: overrides?.etag ?? server.etag,
    cursor: overrides?.cursor ?? server.cursor,
    maxResults: overrides?.maxResults ?? server.maxResults,
    maxMembersPerPatch: overrides?.maxMembersPerPatch ?? DEFAULT_MAX_MEMBERS_PER_PATCH,
  };
}
