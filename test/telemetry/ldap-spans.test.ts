import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningSlapd } from '../../scripts/local/slapd.js';
import { startTracing, stopTracing } from '../../src/telemetry/tracing.js';
import type { LdapHandler } from '../../src/connectors/builtin/ldap/index.js';
import { callLdap, ldapHandler, peopleLdif, startDirectory } from '../support/ldap-connector.js';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver.js';

// ldapts has no OpenTelemetry instrumentation: the LDAP connector opens a client span per
// directory operation itself (src/connectors/builtin/ldap/traced-client.ts). This file's process
// traces, to a local OTLP/HTTP receiver standing in for a collector, against a real slapd.

let receiver: OtlpReceiver;
let slapd: RunningSlapd;
let connection: Record<string, unknown>;
let handler: LdapHandler;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // The SDK reads its exporter settings from the environment, as in the service's processes.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = 'http/json';
  expect(await startTracing('ldap-spans-test')).toBeDefined();
  ({ slapd, connection } = await startDirectory({ ldif: peopleLdif(3) }));
  handler = ldapHandler();
});

afterAll(async () => {
  await handler?.close();
  await stopTracing();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
  await slapd?.stop();
  await receiver?.close();
});

describe('LDAP operations are client spans with the operation and the server host only', () => {
  it('traces the bind and each page of a listing, and no span holds a DN, a filter, an address or the password', async () => {
    const listed = await callLdap(handler, connection, 'listUsers');
    expect(listed.success).toBe(true);
    await handler.close();
    // Export what is buffered now rather than after the batch delay.
    await stopTracing();

    const ldap = receiver.spans.filter((span) => span.name.startsWith('LDAP '));
    expect(new Set(ldap.map((span) => span.name))).toEqual(new Set(['LDAP bind', 'LDAP search', 'LDAP unbind']));
    for (const span of ldap) {
      expect(span.kind).toBe(3);
      expect(span.attributes).toEqual({
        'ldap.operation': JSON.stringify({ stringValue: span.name.slice('LDAP '.length) }),
        'server.address': JSON.stringify({ stringValue: '127.0.0.1' }),
      });
    }
    const texts = receiver.spans.flatMap((span) => [span.name, ...Object.values(span.attributes)]);
    for (const forbidden of [slapd.adminPassword, slapd.baseDn, 'uid=', '@example.org', 'objectClass'])
      expect(texts.filter((text) => text.includes(forbidden))).toEqual([]);
  });
});
