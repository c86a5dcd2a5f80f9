import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

const emailTemplate = (name: string, isDefault = false) => ({
  name,
  subjectTemplate: '[{{workflowName}}] {{subject}}',
  bodyTemplate: '<p>{{message}}</p>',
  isDefault,
});

describe('email templates', () => {
  it('are created, read, replaced and deleted; a duplicate name is a 409', async () => {
    const created = await call('POST', '/api/email-templates', emailTemplate('welcome'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'welcome', description: null, isDefault: false });
    expect((await call('POST', '/api/email-templates', emailTemplate('welcome'))).status).toBe(409);
    const replaced = await call('PUT', `/api/email-templates/${created.body.id}`, {
      ...emailTemplate('welcome'),
      description: 'First mail',
    });
    expect(replaced.body).toMatchObject({ description: 'First mail' });
    expect((await call('GET', `/api/email-templates/${created.body.id}`)).body).toMatchObject({ name: 'welcome' });
    expect((await call('DELETE', `/api/email-templates/${created.body.id}`)).status).toBe(200);
    expect((await call('GET', `/api/email-templates/${created.body.id}`)).status).toBe(404);
  });

  it('refuses a template that is not valid Handlebars (400)', async () => {
    const response = await call('POST', '/api/email-templates', {
      ...emailTemplate('broken'),
      bodyTemplate: '{{#if x}}',
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('bodyTemplate is not valid Handlebars');
  });

  it('keeps at most one default: a new default clears the previous one', async () => {
    const first = await call('POST', '/api/email-templates', emailTemplate('default-a', true));
    const second = await call('POST', '/api/email-templates', emailTemplate('default-b', true));
    expect(second.status).toBe(201);
    const defaults = await context.database.db.emailTemplate.findMany({ where: { isDefault: true } });
    expect(defaults.map((row) => row.id)).toEqual([second.body.id]);
    expect((await call('GET', `/api/email-templates/${first.body.id}`)).body.isDefault).toBe(false);
  });

  it('are readable by workflow readers and managed by workflow editors only', async () => {
    const requestor = await createUserWithToken(context.database.db, ['requestor']);
    expect((await context.api.request('GET', '/api/email-templates', { token: requestor.token })).status).toBe(200);
    const refused = await context.api.request('POST', '/api/email-templates', {
      token: requestor.token,
      body: emailTemplate('not-mine'),
    });
    expect(refused.status).toBe(403);
  });
});

describe('document templates', () => {
  it('hold metadata only and follow the same CRUD rules', async () => {
    const created = await call('POST', '/api/document-templates', {
      name: 'nda',
      fileName: 'nda.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      placeholders: ['signer', 'company'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'nda', description: null, placeholders: ['signer', 'company'] });
    expect((await call('POST', '/api/document-templates', { name: 'nda' })).status).toBe(409);
    expect((await call('POST', '/api/document-templates', { name: 'bad', mimeType: 'docx' })).status).toBe(400);
    const page = await call('GET', '/api/document-templates?search=nd');
    expect(page.body).toMatchObject({ total: 1, data: [{ name: 'nda' }] });
  });
});
