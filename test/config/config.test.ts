import { describe, expect, it } from '@jest/globals';
import { loadConfig, requireRuntimeConnections } from '../../src/config/index.js';
import { createConnectorRuntime } from '../../src/connectors/runtime.js';
import { call } from '../connectors/simulated/call-handler.js';

describe('configuration is parsed once from the environment', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual(
      expect.objectContaining({
        host: '0.0.0.0',
        port: 3000,
        shutdownGraceMs: 10_000,
        logLevel: 'info',
        bodyLimitBytes: 1024 * 1024,
        configImportBodyLimitBytes: 20 * 1024 * 1024,
      }),
    );
    expect(config.temporal).toEqual({
      address: undefined,
      namespace: 'default',
      taskQueue: 'flowgate-runs',
      callDeadlineMs: 3000,
      uiUrl: undefined,
      maxCachedWorkflows: 200,
    });
    expect(config.oidc).toBeUndefined();
    expect(Object.isFrozen(config.temporal)).toBe(true);
  });

  it('turns on OIDC with an issuer and splits role group lists', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://idp.example.test/realms/main',
      OIDC_ROLE_ADMIN: 'admins, platform-team ,',
    });
    expect(config.oidc).toEqual(
      expect.objectContaining({
        issuer: 'https://idp.example.test/realms/main',
        scope: 'openid profile email groups',
        roleGroups: { admin: ['admins', 'platform-team'], approver: [], resource_manager: [], requestor: [] },
      }),
    );
  });

  it('reads the web sign-in settings, empty values meaning unset as in .env.example', () => {
    const defaults = loadConfig({
      OIDC_ISSUER: 'https://idp.example.test',
      OIDC_CLIENT_SECRET: '',
      OIDC_SESSION_MAX_SECONDS: '',
    });
    expect(defaults.oidc).toEqual(
      expect.objectContaining({
        clientSecret: undefined,
        sessionMaxSeconds: undefined,
        timeoutMs: 10_000,
        sessionCheckSeconds: 300,
      }),
    );
    const set = loadConfig({
      OIDC_ISSUER: 'https://idp.example.test',
      OIDC_CLIENT_ID: 'web',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_SESSION_MAX_SECONDS: '36000',
      OIDC_TIMEOUT_MS: '2500',
      OIDC_SESSION_CHECK_SECONDS: '60',
    });
    expect(set.oidc).toEqual(
      expect.objectContaining({
        clientId: 'web',
        clientSecret: 's3cret',
        sessionMaxSeconds: 36000,
        timeoutMs: 2500,
        sessionCheckSeconds: 60,
      }),
    );
    expect(() => loadConfig({ OIDC_SESSION_MAX_SECONDS: '-5' })).toThrow(/OIDC_SESSION_MAX_SECONDS/);
    expect(() => loadConfig({ OIDC_SESSION_CHECK_SECONDS: '0' })).toThrow(/OIDC_SESSION_CHECK_SECONDS/);
  });

  it('sets the schedule floor: one minute by default, configurable from one second to one day', () => {
    expect(loadConfig({}).schedules).toEqual({ minIntervalSeconds: 60 });
    expect(loadConfig({ SCHEDULE_MIN_INTERVAL_SECONDS: '300' }).schedules.minIntervalSeconds).toBe(300);
    expect(() => loadConfig({ SCHEDULE_MIN_INTERVAL_SECONDS: '0' })).toThrow(/SCHEDULE_MIN_INTERVAL_SECONDS/);
    expect(() => loadConfig({ SCHEDULE_MIN_INTERVAL_SECONDS: '86401' })).toThrow(/SCHEDULE_MIN_INTERVAL_SECONDS/);
  });

  it("bounds the worker's sticky cache: 200 executions by default, 2 to 100,000", () => {
    expect(loadConfig({ TEMPORAL_MAX_CACHED_WORKFLOWS: '1000' }).temporal.maxCachedWorkflows).toBe(1000);
    expect(() => loadConfig({ TEMPORAL_MAX_CACHED_WORKFLOWS: '1' })).toThrow(/TEMPORAL_MAX_CACHED_WORKFLOWS/);
    expect(() => loadConfig({ TEMPORAL_MAX_CACHED_WORKFLOWS: '100001' })).toThrow(/TEMPORAL_MAX_CACHED_WORKFLOWS/);
  });

  it('bounds the deadline of a Temporal call made by a request: 3 s by default, 100 ms to 60 s', () => {
    expect(loadConfig({ TEMPORAL_CALL_DEADLINE_MS: '15000' }).temporal.callDeadlineMs).toBe(15_000);
    expect(() => loadConfig({ TEMPORAL_CALL_DEADLINE_MS: '99' })).toThrow(/TEMPORAL_CALL_DEADLINE_MS/);
    expect(() => loadConfig({ TEMPORAL_CALL_DEADLINE_MS: '60001' })).toThrow(/TEMPORAL_CALL_DEADLINE_MS/);
  });

  it('sizes the simulated directory: 250 people by default, up to a million', async () => {
    expect(loadConfig({}).connectors.simulatedDirectoryUsers).toBe(250);
    const config = loadConfig({ SIMULATED_DIRECTORY_USERS: '1200' });
    const runtime = await createConnectorRuntime(config);
    const listed = await call(runtime.registry.get('test-ldap')!.handler, 'listUsers', { pageSize: 1 });
    expect(listed.payload?.totalEstimate).toBe(1200);
    expect(() => loadConfig({ SIMULATED_DIRECTORY_USERS: '0' })).toThrow(/SIMULATED_DIRECTORY_USERS/);
    expect(() => loadConfig({ SIMULATED_DIRECTORY_USERS: '1000001' })).toThrow(/SIMULATED_DIRECTORY_USERS/);
  });

  it('lists every invalid setting at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', OIDC_ISSUER: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL[\s\S]*OIDC_ISSUER|PORT[\s\S]*OIDC_ISSUER[\s\S]*LOG_LEVEL/,
    );
  });

  it('requires DATABASE_URL and TEMPORAL_ADDRESS for the production processes', () => {
    expect(() => requireRuntimeConnections(loadConfig({}))).toThrow('DATABASE_URL and TEMPORAL_ADDRESS must be set');
    expect(
      requireRuntimeConnections(loadConfig({ DATABASE_URL: 'postgresql://x/y', TEMPORAL_ADDRESS: 'h:7233' })),
    ).toEqual({
      databaseUrl: 'postgresql://x/y',
      temporalAddress: 'h:7233',
    });
  });
});
