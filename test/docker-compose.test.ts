import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { projectRoot } from '../src/config/project-root.js';
import { createApiMetrics } from '../src/metrics/api-metrics.js';
import { tracingRequested } from '../src/telemetry/settings.js';

// Docker cannot run where the suite runs, so the file is checked by reading it.
// Compose honours YAML merge keys (<<: *anchor), so the parser must too.
const compose = parse(await readFile(path.join(projectRoot(), 'docker-compose.yml'), 'utf8'), { merge: true });
const dockerfile = await readFile(path.join(projectRoot(), 'Dockerfile'), 'utf8');
const packageJson = JSON.parse(await readFile(path.join(projectRoot(), 'package.json'), 'utf8')) as {
  engines: { node: string };
};

describe('docker-compose.yml runs the whole service for users with Docker', () => {
  it('names PostgreSQL, Temporal with its Web UI, the API and the worker', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'temporal', 'temporal-ui', 'api', 'worker', 'migrate']),
    );
  });

  it('wires the API and the worker with the same environment variables the processes read', () => {
    for (const name of ['api', 'worker', 'migrate']) {
      const environment = compose.services[name].environment;
      expect(environment.DATABASE_URL).toMatch(/^postgresql:\/\/\w+:\w+@postgres:5432\/\w+$/);
      expect(name === 'migrate' || environment.TEMPORAL_ADDRESS === 'temporal:7233').toBe(true);
    }
    expect(compose.services['temporal-ui'].environment.TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('includes a Keycloak with a ready realm, wired so that `docker compose up` gives a working sign-in', async () => {
    const keycloak = compose.services.keycloak;
    const api = compose.services.api.environment;
    expect(keycloak.command).toEqual(['start-dev', '--import-realm']);
    const [realmFile, mountPoint] = keycloak.volumes[0].split(':');
    expect(mountPoint).toMatch(/^\/opt\/keycloak\/data\/import\/.+\.json$/);
    const realm = JSON.parse(await readFile(path.join(projectRoot(), realmFile), 'utf8'));

    // One issuer URL for the browser and the API: the API shares Keycloak's network namespace.
    expect(api.OIDC_ISSUER).toBe(`${keycloak.environment.KC_HOSTNAME}/realms/${realm.realm}`);
    expect(new URL(api.OIDC_ISSUER).hostname).toBe('localhost');
    expect(compose.services.api.network_mode).toBe('service:keycloak');
    expect(compose.services.api.ports).toBeUndefined();
    expect(keycloak.ports).toEqual(expect.arrayContaining(['3000:3000', '8080:8080']));
    expect(compose.services.api.depends_on.keycloak).toEqual({ condition: 'service_healthy' });

    const client = realm.clients.find((candidate: { clientId: string }) => candidate.clientId === api.OIDC_CLIENT_ID);
    expect(client).toEqual(expect.objectContaining({ secret: api.OIDC_CLIENT_SECRET, standardFlowEnabled: true }));
    expect(client.redirectUris).toEqual([`${api.PUBLIC_URL}/api/auth/callback`]);
    expect(client.attributes['post.logout.redirect.uris']).toBe(`${api.PUBLIC_URL}/`);
    const groupsMapper = client.protocolMappers.find(
      (mapper: { protocolMapper: string }) => mapper.protocolMapper === 'oidc-group-membership-mapper',
    );
    expect(groupsMapper.config).toEqual(
      expect.objectContaining({ 'claim.name': 'groups', 'full.path': 'false', 'id.token.claim': 'true' }),
    );
    // Every role's group exists, and some user is in it.
    const realmGroups = realm.groups.map((group: { name: string }) => group.name);
    const userGroups = realm.users.flatMap((user: { groups?: string[] }) => user.groups ?? []);
    for (const setting of ['OIDC_ROLE_ADMIN', 'OIDC_ROLE_APPROVER', 'OIDC_ROLE_RESOURCE_MANAGER']) {
      expect(realmGroups).toContain(api[setting]);
    }
    expect(userGroups).toEqual(expect.arrayContaining(['/flowgate-admins', '/flowgate-approvers']));
    expect(Number(api.OIDC_SESSION_MAX_SECONDS)).toBe(realm.ssoSessionMaxLifespan);
  });

  it("sets OIDC_AUDIENCE to what the realm's audience mapper puts in the access tokens of the web client and service accounts", async () => {
    const api = compose.services.api.environment;
    const realmFile = compose.services.keycloak.volumes[0].split(':')[0];
    const realm = JSON.parse(await readFile(path.join(projectRoot(), realmFile), 'utf8'));
    // ID tokens are addressed to the web client: an audience equal to it would not tell them apart.
    expect(api.OIDC_AUDIENCE).toEqual(expect.any(String));
    expect(api.OIDC_AUDIENCE).not.toBe(api.OIDC_CLIENT_ID);

    type Client = {
      clientId: string;
      serviceAccountsEnabled?: boolean;
      protocolMappers?: Array<{ protocolMapper: string; config: Record<string, string> }>;
    };
    const callers = realm.clients.filter(
      (client: Client) => client.clientId === api.OIDC_CLIENT_ID || client.serviceAccountsEnabled,
    );
    // The web client and at least one service account that calls the API.
    expect(callers.length).toBeGreaterThanOrEqual(2);
    expect(callers.map((client: Client) => client.clientId)).toContain(api.OIDC_CLIENT_ID);
    for (const client of callers as Client[]) {
      const audienceMapper = client.protocolMappers?.find((mapper) => mapper.protocolMapper === 'oidc-audience-mapper');
      expect([client.clientId, audienceMapper?.config]).toEqual([
        client.clientId,
        expect.objectContaining({ 'included.custom.audience': api.OIDC_AUDIENCE, 'access.token.claim': 'true' }),
      ]);
      // Only access tokens carry it: an ID token with this audience would pass the audience check.
      expect(audienceMapper!.config['id.token.claim']).not.toBe('true');
    }
    // The realm adds no default scope that would give every client the audience.
    expect(realm.defaultDefaultClientScopes).toBeUndefined();
  });

  it('gives Temporal the server settings of docker/temporal/dynamicconfig.yaml, eager activities on', async () => {
    const temporal = compose.services.temporal;
    const [file, mountPoint] = temporal.volumes[0].split(':');
    // The auto-setup image resolves a relative path from /etc/temporal.
    expect(path.posix.join('/etc/temporal', temporal.environment.DYNAMIC_CONFIG_FILE_PATH)).toBe(mountPoint);
    const settings = parse(await readFile(path.join(projectRoot(), file), 'utf8'));
    expect(settings['system.enableActivityEagerExecution']).toEqual([{ value: true }]);
  });

  it('starts the API and worker only after migrations succeeded', () => {
    for (const name of ['api', 'worker']) {
      expect(compose.services[name].depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('runs commands that the Dockerfile build produces', () => {
    expect(dockerfile).toContain('RUN npm run build');
    const commands = ['api', 'worker', 'migrate'].map((name) => compose.services[name].command.join(' '));
    expect(commands).toEqual([
      'node dist/src/server.js',
      'node dist/workers/main.js',
      'node dist/scripts/db-migrate.js',
    ]);
  });

  it('builds and runs on a Node.js release that package.json engines accept and that is still maintained', () => {
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((match) => Number(match[1]));
    expect(images.length).toBe(2);
    // Node 24 is the active LTS line (20 reached end of life in April 2026).
    for (const major of images) expect(major).toBeGreaterThanOrEqual(24);
    const engines = packageJson.engines.node;
    const minimumMajor = Number(/(\d+)/.exec(engines)?.[1]);
    for (const major of images) expect(major).toBeGreaterThanOrEqual(minimumMajor);
  });

  it('scrapes the API and the worker with their METRICS_TOKEN in the observability profile', async () => {
    const read = async (file: string) => parse(await readFile(path.join(projectRoot(), file), 'utf8'));
    expect(compose.services.prometheus.profiles).toEqual(['observability']);
    expect(compose.services.grafana.profiles).toEqual(['observability']);
    const prometheus = await read('docker/prometheus/prometheus.yml');
    const token = /:-(.+)\}$/.exec(compose.services.api.environment.METRICS_TOKEN)![1];
    const worker = compose.services.worker.environment;
    expect(worker.METRICS_TOKEN).toBe(compose.services.api.environment.METRICS_TOKEN);
    // The API listens in Keycloak's network namespace (network_mode above).
    expect(
      prometheus.scrape_configs.map(
        (job: { static_configs: Array<{ targets: string[] }> }) => job.static_configs[0]!.targets,
      ),
    ).toEqual([[`keycloak:${compose.services.api.environment.PORT}`], [`worker:${worker.WORKER_METRICS_PORT}`]]);
    for (const job of prometheus.scrape_configs)
      expect(job.authorization).toEqual({ type: 'Bearer', credentials: token });
  });

  it('sends the traces of the API and the worker to Jaeger in the observability profile when the endpoint is set', async () => {
    const jaeger = compose.services.jaeger;
    expect(jaeger.profiles).toEqual(['observability']);
    expect(jaeger.image).toMatch(/^jaegertracing\/all-in-one:\d+\.\d+\.\d+$/);
    expect(jaeger.environment.COLLECTOR_OTLP_ENABLED).toBe('true');
    expect(jaeger.ports).toContain('16686:16686');
    const setting = compose.services.api.environment.OTEL_EXPORTER_OTLP_ENDPOINT;
    expect(compose.services.worker.environment.OTEL_EXPORTER_OTLP_ENDPOINT).toBe(setting);
    // Empty unless the user sets it, and empty leaves tracing off; the documented value switches it on.
    expect(setting).toBe('${OTEL_EXPORTER_OTLP_ENDPOINT:-}');
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    const documented = await readFile(path.join(projectRoot(), 'docs/observability.md'), 'utf8');
    expect(documented).toContain(
      'OTEL_EXPORTER_OTLP_ENDPOINT=http://jaeger:4318 docker compose --profile observability up',
    );
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318' })).toBe(true);
  });

  it('charts and alerts on metrics the service reports', async () => {
    const dashboard = JSON.parse(
      await readFile(path.join(projectRoot(), 'docker/grafana/dashboards/flowgate.json'), 'utf8'),
    );
    const alerts = await readFile(path.join(projectRoot(), 'docker/prometheus/alerts.yml'), 'utf8');
    const expressions = [
      ...dashboard.panels.flatMap((panel: { targets: Array<{ expr: string }> }) => panel.targets.map((t) => t.expr)),
      ...parse(alerts).groups[0].rules.map((rule: { expr: string }) => rule.expr),
    ].join('\n');
    const named = new Set(
      [...expressions.matchAll(/\bflowgate_[a-z_]+/g)].map(([name]) => name.replace(/_bucket$/, '')),
    );
    const reported = new Set([
      ...createApiMetrics(undefined as never)
        .registry.getMetricsAsArray()
        .map((metric) => metric.name),
    ]);
    expect([...named].filter((name) => !reported.has(name))).toEqual([]);
    expect(named.size).toBeGreaterThan(8);
  });
});
