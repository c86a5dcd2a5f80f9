import { describe, expect, it } from '@jest/globals';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { sanitizeSpan } from '../../src/telemetry/sanitizing-span-processor.js';
import { sanitizeAttributes } from '../../src/telemetry/span-policy.js';

describe('spans leave the process with identifiers only', () => {
  it('keeps methods, statuses, route templates, hosts and statements, and drops URLs, paths, headers and agents', () => {
    expect(
      sanitizeAttributes({
        'http.method': 'POST',
        'http.route': '/api/runs/:id',
        'http.status_code': 201,
        'http.url': 'http://api.example.test/api/users/by-email/ann@example.test?token=abc',
        'http.target': '/api/users/by-email/ann@example.test?token=abc',
        'url.full': 'https://idp.example.test/admin?access_token=abc',
        'url.query': 'access_token=abc',
        'http.user_agent': 'curl/8',
        'http.request.header.authorization': ['Bearer abc'],
        'server.address': 'idp.example.test',
        'server.port': 443,
        'db.statement': 'SELECT * FROM users WHERE email = $1',
        'db.user': 'flowgate',
      }),
    ).toEqual({
      'http.method': 'POST',
      'http.route': '/api/runs/:id',
      'http.status_code': 201,
      'server.address': 'idp.example.test',
      'server.port': 443,
      'db.statement': 'SELECT * FROM users WHERE email = $1',
    });
  });

  it("keeps flowgate.* attributes only when their value is an identifier, and drops the WorkflowInfo's nested fields", () => {
    expect(
      sanitizeAttributes({
        'flowgate.run_id': '0b7f5a9e-8c1d-4c55-9f0e-3f6b2d1f9a10',
        'flowgate.step_sequence': 3,
        'flowgate.user_id': 'ann@example.test',
        'flowgate.note': 'a sentence with spaces',
        workflowId: 'run-0b7f5a9e',
        workflowType: 'runWorkflow',
        memo: '{"definitionName":"Onboarding"}',
        searchAttributes: ['ann@example.test'],
      }),
    ).toEqual({
      'flowgate.run_id': '0b7f5a9e-8c1d-4c55-9f0e-3f6b2d1f9a10',
      'flowgate.step_sequence': 3,
      workflowId: 'run-0b7f5a9e',
      workflowType: 'runWorkflow',
    });
  });

  it('drops the status message and exception messages and stack traces, keeping the error type', () => {
    const span = {
      name: 'RunActivity:runConnectorStep',
      spanContext: () => ({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 }),
      status: { code: 2, message: 'user ann@example.test not found' },
      attributes: { 'flowgate.step_id': 'call' },
      links: [],
      events: [
        {
          name: 'exception',
          time: [0, 0],
          attributes: {
            'exception.type': 'ConnectorError',
            'exception.message': 'user ann@example.test not found',
            'exception.stacktrace': 'ConnectorError: user ann@example.test not found\n    at ...',
          },
        },
      ],
    } as unknown as ReadableSpan;
    const sanitized = sanitizeSpan(span);
    expect(sanitized.status).toEqual({ code: 2 });
    expect(sanitized.events).toEqual([
      { name: 'exception', time: [0, 0], attributes: { 'exception.type': 'ConnectorError' } },
    ]);
    expect(sanitized.attributes).toEqual({ 'flowgate.step_id': 'call' });
    expect(sanitized.spanContext().traceId).toBe('a'.repeat(32));
  });
});
