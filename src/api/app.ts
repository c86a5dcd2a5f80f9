import path from 'node:path';
import Koa from 'koa';
import { createAccessTokenVerifier, type AccessTokenVerifier } from '../auth/oidc-access-token.js';
import type { OidcLoginClient } from '../auth/oidc-login.js';
import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { ConnectorRuntime } from '../connectors/runtime.js';
import type { Database } from '../db/client.js';
import type { Logger } from '../logging/logger.js';
import type { AppState } from './context.js';
import { apiTokenCredential, oidcAccessTokenCredential, scimTokenRefused, sessionCredential } from './credentials.js';
import { auditTokenRequests } from './middleware/audit-token-requests.js';
import { authenticate, type CredentialResolver } from './middleware/authenticate.js';
import { errorHandler } from './middleware/error-handler.js';
import { inputLimits } from './middleware/input-limits.js';
import { methodNotAllowed } from './middleware/method-not-allowed.js';
import { readDeadline } from './middleware/read-deadline.js';
import { writeStartDeadline } from './middleware/write-start-deadline.js';
import { requestId } from './middleware/request-id.js';
import { traceRequest } from './middleware/trace-request.js';
import { isTracing } from '../telemetry/active-tracing.js';
import { noSniff } from './middleware/no-sniff.js';
import { requireUrlTarget } from './middleware/request-target.js';
import { loopbackRedirect } from './middleware/loopback-redirect.js';
import { strictTransport } from './middleware/strict-transport.js';
import { webConsole } from './middleware/web-console.js';
import { projectRoot } from '../config/project-root.js';
import { ApiDocs } from './openapi/api-docs.js';
import type { ResourceRouter, ResourceRouterDependencies } from './resource-router.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { accessReviewRoutes } from './routes/access-reviews.js';
import { apiTokenRoutes } from './routes/api-tokens.js';
import { businessRoleRoutes, entitlementRoutes } from './routes/access.js';
import { auditLogRoutes } from './routes/audit-logs.js';
import { auditSinkRoutes } from './routes/audit-sinks.js';
import { configTransferRoutes } from './routes/config-transfer.js';
import { connectorRoutes } from './routes/connectors.js';
import { connectorSyncRoutes } from './routes/connector-sync.js';
import { connectorSyncMatchRoutes } from './routes/connector-sync-matches.js';
import { connectorReconciliationRoutes } from './routes/connector-reconciliation.js';
import { connectorCacheRoutes } from './routes/connector-cache.js';
import { authRoutes, sessionSiteOf, webLoginOf } from './routes/auth.js';
import { healthRoutes, type HealthProbes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { createApiMetrics } from '../metrics/api-metrics.js';
import { organizationRoutes } from './routes/organizations.js';
import { notificationRoutes } from './routes/notifications.js';
import { approvalRoutes, taskRoutes } from './routes/people-work.js';
import { projectRoutes } from './routes/projects.js';
import { reportRoutes } from './routes/reports.js';
import { resourceWebhookRoutes, webhookSecretRoutes } from './routes/resource-webhook.js';
import { runRoutes } from './routes/runs.js';
import { scimClientRoutes } from './routes/scim-clients.js';
import { groupRoutes } from './routes/groups.js';
import { hookRoutes } from './routes/hooks.js';
import { scheduleRoutes } from './routes/schedules.js';
import { documentTemplateRoutes, emailTemplateRoutes } from './routes/templates.js';
import { userNameRoutes } from './routes/user-names.js';
import { userRoutes } from './routes/users.js';
import { workflowRoutes } from './routes/workflows.js';
import { scimApi } from './scim/scim-router.js';

export interface AppDependencies {
  config: Readonly<Config>;
  db: Database;
  logger: Logger;
  health: HealthProbes;
  connectors: ConnectorRuntime;
  temporal: Client;
  /** Defaults to one built from `config.oidc`; tests may pass their own fetch through it. */
  accessTokenVerifier?: AccessTokenVerifier;
  /** Defaults to one built from `config.oidc` and PUBLIC_URL. */
  oidcLoginClient?: OidcLoginClient;
  /** The built console served at `/`; defaults to dist/web of the project. */
  webRoot?: string;
  /** Fail any answer that does not match its documented schema (tests). */
  checkResponses?: boolean;
}

export interface App {
  koa: Koa<AppState>;
  docs: ApiDocs;
}

/** Builds the API without listening; `server.ts` listens, tests drive `koa.callback()`. */
export function createApp(deps: AppDependencies): App {
  const { config, db, logger } = deps;
  const docs = new ApiDocs();

  const resolvers: CredentialResolver[] = [scimTokenRefused(), apiTokenCredential(db)];
  if (config.oidc) {
    const verifier = deps.accessTokenVerifier ?? createAccessTokenVerifier(config.oidc);
    resolvers.push(oidcAccessTokenCredential(db, verifier, config.oidc));
  }
  const webLogin = webLoginOf(config, deps.oidcLoginClient);
  const sessionSite = sessionSiteOf(config, webLogin);
  if (sessionSite) {
    const provider = webLogin && {
      client: webLogin.client,
      oidc: webLogin.oidc,
      secretKey: webLogin.secretKey,
      logger,
    };
    resolvers.push(sessionCredential(db, sessionSite.publicOrigin, provider));
  }
  const writeStart = writeStartDeadline<AppState>(config.writeStartTimeoutMs);
  const routerDeps: ResourceRouterDependencies = {
    docs,
    authenticated: [writeStart.start, authenticate(resolvers), auditTokenRequests(db), writeStart.check],
    bodyLimitBytes: config.bodyLimitBytes,
    checkResponses: deps.checkResponses,
  };

  const runs = { db, temporal: deps.temporal, config };
  const metrics = createApiMetrics(db);
  const routers: ResourceRouter[] = [
    healthRoutes(routerDeps, deps.health),
    metricsRoutes(routerDeps, { registry: metrics.registry, token: config.metricsToken }),
    authRoutes(routerDeps, db, config, webLogin),
    apiTokenRoutes(routerDeps, db),
    auditLogRoutes(routerDeps, db),
    auditSinkRoutes(routerDeps, { ...runs, connectors: deps.connectors }),
    workflowRoutes(routerDeps, { ...runs, connectors: deps.connectors }),
    runRoutes(routerDeps, runs),
    hookRoutes(routerDeps, runs),
    scheduleRoutes(routerDeps, runs),
    userRoutes(routerDeps, db),
    userNameRoutes(routerDeps, db),
    groupRoutes(routerDeps, db),
    scimClientRoutes(routerDeps, db),
    approvalRoutes(routerDeps, runs),
    taskRoutes(routerDeps, runs),
    notificationRoutes(routerDeps, db),
    projectRoutes(routerDeps, db),
    organizationRoutes(routerDeps, db),
    connectorRoutes(routerDeps, db, deps.connectors),
    connectorSyncRoutes(routerDeps, { ...runs, connectors: deps.connectors }),
    connectorSyncMatchRoutes(routerDeps, db),
    connectorReconciliationRoutes(routerDeps, db),
    connectorCacheRoutes(routerDeps, db),
    webhookSecretRoutes(routerDeps, { ...runs, connectors: deps.connectors }),
    resourceWebhookRoutes(routerDeps, { ...runs, connectors: deps.connectors }),
    entitlementRoutes(routerDeps, db),
    businessRoleRoutes(routerDeps, db, deps.connectors, deps.temporal),
    accessReviewRoutes(routerDeps, runs),
    reportRoutes(routerDeps, db, config.databasePool.queryTimeoutMs),
    emailTemplateRoutes(routerDeps, db),
    documentTemplateRoutes(routerDeps, db),
    configTransferRoutes(routerDeps, { ...runs, connectors: deps.connectors }),
    apiDocsRoutes(routerDeps, docs),
  ];

  // Forwarded headers only from a proxy the operator declared; maxIpsCount 1 takes the address
  // that proxy appended to X-Forwarded-For, not one the client wrote before it.
  const koa = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: 1 });
  koa.silent = true; // errors are logged by errorHandler, with the request id
  koa.use(requestId());
  if (isTracing()) koa.use(traceRequest());
  koa.use(metrics.middleware);
  koa.use(noSniff());
  koa.use(strictTransport(config.publicUrl));
  koa.use(errorHandler(logger));
  koa.use(requireUrlTarget());
  if (sessionSite) koa.use(loopbackRedirect(sessionSite.publicUrl));
  koa.use(webConsole(deps.webRoot ?? path.join(projectRoot(), 'dist', 'web')));
  // SCIM sits outside /api: its own body types, tokens and error bodies (docs/scim.md).
  koa.use(
    scimApi({ db, logger, bodyLimitBytes: config.bodyLimitBytes, writeStartTimeoutMs: config.writeStartTimeoutMs }),
  );
  // Sign-in GETs write (single-use login state, sessions) and wait on the identity provider under
  // OIDC_TIMEOUT_MS: cutting them short would answer 503 for a sign-in that still completes.
  koa.use(readDeadline(config.readTimeoutMs, ['/api/auth/']));
  koa.use(inputLimits());
  koa.use(methodNotAllowed());
  for (const router of routers) koa.use(router.router.routes());
  return { koa, docs };
}
