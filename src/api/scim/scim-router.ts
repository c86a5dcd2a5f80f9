import Router from '@koa/router';
import { recordScimRequest } from '../../metrics/operation-metrics.js';
import type { Middleware, ParameterizedContext } from 'koa';
import { koaBody } from 'koa-body';
import type { AppState } from '../context.js';
import type { Database } from '../../db/client.js';
import type { Logger } from '../../logging/logger.js';
import { discoveryList, resourceTypes, schemas, serviceProviderConfig } from '../../scim/discovery.js';
import { parseGroupFilter, parseUserFilter } from '../../scim/filter.js';
import {
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
  createScimGroup,
} from '../../services/scim/scim-groups.js';
import { listRequestOfQuery, listRequestOfSearch, listResponse, type ListRequest } from '../../scim/list-query.js';
import type { ListPosition } from '../../scim/list-cursor.js';
import type { JsonObject } from '../../scim/patch.js';
import { project, projectionOf, returns } from '../../scim/projection.js';
import { writeStartDeadline } from '../middleware/write-start-deadline.js';
import { authenticateScimCaller, type ScimState } from './scim-auth.js';
import type { ScimRequestContext } from '../../services/scim/scim-context.js';
import { invalidSyntax, ScimError } from '../../scim/scim-errors.js';
import { scimErrorBodyOf } from './scim-error-body.js';
import {
  createScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from '../../services/scim/scim-users.js';

export const SCIM_BASE_PATH = '/scim/v2';
const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

type ScimContext = ParameterizedContext<ScimState> & { params: Record<string, string> };

export interface ScimApiDependencies {
  db: Database;
  logger: Logger;
  bodyLimitBytes: number;
  /** API_WRITE_START_TIMEOUT_MS: a write whose token took longer to check answers 503, unchanged. */
  writeStartTimeoutMs: number;
}

function contextOf(ctx: ScimContext): ScimRequestContext {
  const client = ctx.state.scimClient;
  if (!client) throw new ScimError(401, 'Authentication required');
  return { client, requestId: ctx.state.requestId, baseUrl: baseOf(ctx) };
}

function send(ctx: ScimContext, status: number, body: unknown): void {
  ctx.status = status;
  ctx.body = body;
  ctx.type = SCIM_CONTENT_TYPE;
}

function sendResource(ctx: ScimContext, status: number, resource: JsonObject): void {
  const meta = resource.meta as { version?: string; location?: string } | undefined;
  if (meta?.version) ctx.set('ETag', meta.version);
  if (status === 201 && meta?.location) ctx.set('Location', meta.location);
  send(ctx, status, project(resource, projectionOf(ctx.query)));
}

function notSupported(what: string): Middleware<ScimState> {
  return function refuseUnsupported() {
    throw new ScimError(501, `${what} is not supported`);
  } as Middleware<ScimState>;
}

function buildRouter(db: Database): Router<ScimState> {
  const router = new Router<ScimState>({ prefix: SCIM_BASE_PATH });
  const bodyOf = (ctx: ScimContext): unknown => {
    const body: unknown = ctx.request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Object.keys(body).length === 0) {
      throw invalidSyntax('The request body must be a JSON object (Content-Type: application/scim+json)');
    }
    return body;
  };
  const ifMatch = (ctx: ScimContext) => ctx.get('if-match') || undefined;

  router.get('/ServiceProviderConfig', (ctx) => send(ctx as ScimContext, 200, serviceProviderConfig(baseOf(ctx))));
  router.get('/ResourceTypes', (ctx) => send(ctx as ScimContext, 200, discoveryList(resourceTypes(baseOf(ctx)))));
  router.get('/ResourceTypes/:id', (ctx) => {
    const found = resourceTypes(baseOf(ctx)).find((type) => type.id === ctx.params.id);
    if (!found) throw new ScimError(404, `Resource type ${ctx.params.id} not found`);
    send(ctx as ScimContext, 200, found);
  });
  router.get('/Schemas', (ctx) => send(ctx as ScimContext, 200, discoveryList(schemas(baseOf(ctx)))));
  router.get('/Schemas/:id', (ctx) => {
    const found = schemas(baseOf(ctx)).find((schema) => schema.id === ctx.params.id);
    if (!found) throw new ScimError(404, `Schema ${ctx.params.id} not found`);
    send(ctx as ScimContext, 200, found);
  });

  /** A ListResponse of the client's users or groups, each cut down to the requested attributes. */
  const listUsers = async (ctx: ScimContext, request: ListRequest) => {
    const filter = request.filter === undefined ? undefined : parseUserFilter(request.filter);
    const { total, resources, next } = await listScimUsers(db, contextOf(ctx), filter, request.window);
    sendList(ctx, resources, total, request, next);
  };
  const listGroups = async (ctx: ScimContext, request: ListRequest) => {
    const filter = request.filter === undefined ? undefined : parseGroupFilter(request.filter);
    const withMembers = returns(request.projection, 'members');
    const { total, resources, next } = await listScimGroups(db, contextOf(ctx), filter, request.window, withMembers);
    sendList(ctx, resources, total, request, next);
  };

  router.get('/Users', (ctx) => listUsers(ctx as ScimContext, listRequestOfQuery(ctx.query)));
  // RFC 7644 3.4.3: the same query as a POST body, so filters stay out of URLs and logs.
  router.post('/Users/.search', (ctx) =>
    listUsers(ctx as ScimContext, listRequestOfSearch(bodyOf(ctx as ScimContext))),
  );
  router.post('/Users', async (ctx) => {
    const c = ctx as ScimContext;
    sendResource(c, 201, await createScimUser(db, contextOf(c), bodyOf(c)));
  });
  router.get('/Users/:id', async (ctx) => {
    const c = ctx as ScimContext;
    sendResource(c, 200, await getScimUser(db, contextOf(c), c.params.id!));
  });
  router.put('/Users/:id', async (ctx) => {
    const c = ctx as ScimContext;
    sendResource(c, 200, await replaceScimUser(db, contextOf(c), c.params.id!, bodyOf(c), ifMatch(c)));
  });
  router.patch('/Users/:id', async (ctx) => {
    const c = ctx as ScimContext;
    sendResource(c, 200, await patchScimUser(db, contextOf(c), c.params.id!, bodyOf(c), ifMatch(c)));
  });
  router.delete('/Users/:id', notSupported('Deleting users (hard delete); PATCH active to false to deactivate'));

  router.get('/Groups', (ctx) => listGroups(ctx as ScimContext, listRequestOfQuery(ctx.query)));
  router.post('/Groups/.search', (ctx) =>
    listGroups(ctx as ScimContext, listRequestOfSearch(bodyOf(ctx as ScimContext))),
  );
  router.post('/Groups', async (ctx) => {
    const c = ctx as ScimContext;
    sendResource(c, 201, await createScimGroup(db, contextOf(c), bodyOf(c)));
  });
  router.get('/Groups/:id', async (ctx) => {
    const c = ctx as ScimContext;
    const withMembers = returns(projectionOf(c.query), 'members');
    sendResource(c, 200, await getScimGroup(db, contextOf(c), c.params.id!, withMembers));
  });
  router.put('/Groups/:id', async (ctx) => {
    const c = ctx as ScimContext;
    sendResource(c, 200, await replaceScimGroup(db, contextOf(c), c.params.id!, bodyOf(c), ifMatch(c)));
  });
  router.patch('/Groups/:id', async (ctx) => {
    const c = ctx as ScimContext;
    const context = contextOf(c);
    await patchScimGroup(db, context, c.params.id!, bodyOf(c), ifMatch(c));
    // RFC 7644 3.5.2: 204 unless the client asked for attributes back; a 1,000-member group is not echoed.
    if (c.query.attributes === undefined) {
      c.status = 204;
      return;
    }
    const withMembers = returns(projectionOf(c.query), 'members');
    sendResource(c, 200, await getScimGroup(db, context, c.params.id!, withMembers));
  });
  router.delete('/Groups/:id', notSupported('Deleting groups'));

  router.post('/.search', notSupported('Searching several resource types at once (POST /.search)'));
  router.all('/Bulk', notSupported('Bulk'));
  router.all('/Me', notSupported('/Me'));
  return router;
}

/**
 * A ListResponse of `resources`, each cut down to the requested attributes; `next` is where the
 * following page of a list by cursor starts.
 */
function sendList(
  ctx: ScimContext,
  resources: JsonObject[],
  total: number,
  request: ListRequest,
  next: ListPosition | undefined,
): void {
  send(
    ctx,
    200,
    listResponse(
      resources.map((resource) => project(resource, request.projection)),
      total,
      request.window,
      next && { position: next, filter: request.filter },
    ),
  );
}

/**
 * What answers when no route took the request: 405 with `Allow` when the path exists under other
 * methods (the discovery endpoints only answer GET, RFC 7644 4), else 404.
 */
function noEndpoint(ctx: ScimContext): never {
  const layers = (ctx as ScimContext & { matched?: Array<{ methods: string[] }> }).matched ?? [];
  const allowed = [...new Set(layers.flatMap((layer) => layer.methods))];
  if (allowed.length > 0) {
    ctx.set('Allow', allowed.join(', '));
    throw new ScimError(405, `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed.join(', ')}`);
  }
  throw new ScimError(404, `No SCIM endpoint for ${ctx.method} ${ctx.path}`);
}

function baseOf(ctx: ParameterizedContext): string {
  return `${ctx.protocol}://${ctx.host}${SCIM_BASE_PATH}`;
}

/**
 * SCIM 2.0 under /scim/v2, outside /api: its own body parsing (application/scim+json and
 * application/json), its own authentication (SCIM client tokens only) and SCIM error bodies.
 */
export function scimApi(deps: ScimApiDependencies): Middleware<AppState> {
  const routes = buildRouter(deps.db).routes() as unknown as Middleware<ScimState>;
  const authenticate = authenticateScimCaller(deps.db);
  const writeStart = writeStartDeadline<ScimState>(deps.writeStartTimeoutMs);
  const parseBody = koaBody({
    json: true,
    jsonTypes: ['application/json', 'application/scim+json'],
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: deps.bodyLimitBytes,
    jsonStrict: true,
    onError(error) {
      const { status, type } = error as Error & { status?: number; type?: string };
      if (status === 413 || type === 'entity.too.large') {
        throw new ScimError(413, `Request body exceeds the limit of ${deps.bodyLimitBytes} bytes`);
      }
      throw invalidSyntax('Request body is not valid JSON');
    },
  }) as unknown as Middleware<ScimState>;

  return async function serveScim(ctx, next) {
    if (ctx.path !== SCIM_BASE_PATH && !ctx.path.startsWith(`${SCIM_BASE_PATH}/`)) return next();
    const scimCtx = ctx as unknown as ParameterizedContext<ScimState>;
    try {
      await writeStart.start(scimCtx, () =>
        authenticate(scimCtx, () =>
          writeStart.check(scimCtx, () =>
            parseBody(scimCtx, () => routes(scimCtx, async () => noEndpoint(scimCtx as ScimContext))),
          ),
        ),
      );
    } catch (thrown) {
      const body = scimErrorBodyOf(thrown);
      if (Number(body.status) >= 500 && body.status !== '501') {
        deps.logger.error(
          { err: thrown, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path },
          'SCIM request failed',
        );
      }
      if (body.status === '401') ctx.set('WWW-Authenticate', 'Bearer realm="scim"');
      ctx.status = Number(body.status);
      ctx.body = body;
      ctx.type = SCIM_CONTENT_TYPE;
    }
    recordScimRequest({ client: scimCtx.state.scimClient?.name, method: ctx.method, status: ctx.status });
  };
}
