import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
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
