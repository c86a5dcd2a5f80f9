import { describe, expect, it } from '@jest/globals';
import { HSTS_MAX_AGE_SECONDS } from '../../src/api/middleware/strict-transport.js';
import { startTestApp, useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';

const context = useTestApp();

describe('every answer forbids content sniffing', () => {
  it('sends nosniff on JSON, on errors and on the Markdown written by workflow editors', async () => {
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const workflow = await createActive(context.api, token, approvalDefinition({ name: 'Sniffed' }));
    const answers = [
      await context.api.request('GET', '/api/health'),
      await context.api.request('GET', '/api/workflows'),
      await context.api.request('GET', '/api/nowhere', { token }),
      await context.api.request('GET', `/api/workflows/${workflow.id}/docs`, { token }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 200]);
    expect(answers[3]!.headers.get('content-type')).toContain('text/markdown');
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('an https PUBLIC_URL makes browsers keep to https', () => {
  it('sends Strict-Transport-Security on every answer when PUBLIC_URL is https, and not when it is http', async () => {
    const published = await startTestApp({
      db: context.database.db,
      env: { PUBLIC_URL: 'https://flowgate.example.test' },
    });
    try {
      for (const path of ['/api/health', '/api/workflows', '/scim/v2/Users', '/']) {
        const answer = await published.request('GET', path);
        expect(answer.headers.get('strict-transport-security')).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
      }
    } finally {
      await published.close();
    }
    const plain = await context.api.request('GET', '/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});
