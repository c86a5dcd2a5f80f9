import { randomUUID } from 'node:crypto';
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

describe('template previews', () => {
  it('render a saved email template with sample inputs exactly as a notification step would', async () => {
    const created = await call('POST', '/api/email-templates', {
      name: 'preview-welcome',
      subjectTemplate: '[{{workflowName}}]   Welcome {{employee.name}}\n{{subject}}',
      bodyTemplate: '<p>{{message}}</p><p>Start: {{employee.start}}</p><p>{{missing}}</p>',
    });
    const preview = await call('POST', `/api/email-templates/${created.body.id}/preview`, {
      variables: { employee: { name: 'Ada <Lovelace>', start: '2027-01-04' }, message: 'a variable loses' },
      subject: 'R&D',
      message: 'Hello <b>you</b>',
      workflowName: 'Onboarding',
    });
    expect(preview.status).toBe(200);
    // The subject is a plain-text header (unescaped, one line); the body escapes every value, and
    // the step's message wins over a variable of the same name; a missing value renders empty.
    expect(preview.body).toEqual({
      subject: '[Onboarding] Welcome Ada <Lovelace> R&D',
      html: '<p>Hello &lt;b&gt;you&lt;/b&gt;</p><p>Start: 2027-01-04</p><p></p>',
    });
  });

  it('render unsaved sources, so an editor sees a change before saving it', async () => {
    const preview = await call('POST', '/api/email-templates/preview', {
      subjectTemplate: 'Hi {{name}}',
      bodyTemplate: '{{#each items}}<li>{{this}}</li>{{/each}}',
      variables: { name: 'Bo', items: ['a', 'b'] },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ subject: 'Hi Bo', html: '<li>a</li><li>b</li>' });
    const broken = await call('POST', '/api/email-templates/preview', { subjectTemplate: 'x', bodyTemplate: '{{#if' });
    expect(broken.status).toBe(400);
    expect(JSON.stringify(broken.body)).toContain('bodyTemplate is not valid Handlebars');
  });

  it('answer 400 naming the reason when a template compiles but fails on its inputs', async () => {
    const created = await call('POST', '/api/email-templates', {
      name: 'preview-helper',
      subjectTemplate: 'Hi',
      bodyTemplate: '<p>{{shout name}}</p>',
    });
    expect(created.status).toBe(201);
    const preview = await call('POST', `/api/email-templates/${created.body.id}/preview`, { variables: { name: 'x' } });
    expect(preview.status).toBe(400);
    expect(preview.body.code).toBe('validation_failed');
    expect(preview.body.message).toMatch(/^The template does not render with these inputs: Missing helper: "shout"/);
  });

  it('refuse bad inputs, unknown templates and callers who may not edit templates', async () => {
    const created = await call('POST', '/api/email-templates', emailTemplate('preview-rules'));
    const path = `/api/email-templates/${created.body.id}/preview`;
    const notObject = await call('POST', path, { variables: ['not', 'an', 'object'] });
    expect(notObject.status).toBe(400);
    expect(JSON.stringify(notObject.body)).toContain('variables');
    expect((await call('POST', path, { variables: {}, extra: 1 })).status).toBe(400);
    expect((await call('POST', `/api/email-templates/${randomUUID()}/preview`, {})).status).toBe(404);
    expect((await call('POST', '/api/email-templates/not-a-uuid/preview', {})).status).toBe(400);
    const reader = await createUserWithToken(context.database.db, ['requestor']);
    const refused = await context.api.request('POST', path, { token: reader.token, body: {} });
    expect(refused.status).toBe(403);
  });

  it('show the value each document placeholder would receive, and which stay unfilled', async () => {
    const created = await call('POST', '/api/document-templates', {
      name: 'preview-contract',
      placeholders: ['signer.name', 'company', 'salary', 'signer.__proto__'],
    });
    const preview = await call('POST', `/api/document-templates/${created.body.id}/preview`, {
      variables: { signer: { name: 'Ada' }, salary: 5000 },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      placeholders: [
        { name: 'signer.name', value: 'Ada', filled: true },
        { name: 'company', filled: false },
        { name: 'salary', value: 5000, filled: true },
        { name: 'signer.__proto__', filled: false },
      ],
      missing: ['company', 'signer.__proto__'],
    });
    expect((await call('POST', `/api/document-templates/${randomUUID()}/preview`, {})).status).toBe(404);
  });
});
