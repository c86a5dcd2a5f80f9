import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config/index.js';
import { startTestApp, useTestApp, type TestApp } from '../support/app.js';
import { createScimClient, scimRequest, unique } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';
import { createDraft } from '../support/workflows.js';

// Links the API builds (SCIM meta.location and Location, the start URL in generated workflow docs)
// name the host the request reached, and a proxy's X-Forwarded-* only when TRUST_PROXY says so.

const context = useTestApp();
const forwarded = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
let behindProxy: TestApp;
let admin: string;

beforeAll(async () => {
  behindProxy = await startTestApp({ db: context.database.db, env: { TRUST_PROXY: 'true' } });
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});
afterAll(() => behindProxy?.close());

async function scimUserLocation(api: TestApp) {
  const client = await createScimClient(api, admin);
  const userName = `${unique('proxy')}@example.test`;
  const created = await scimRequest(
    api,
    'POST',
    '/Users',
    client.token,
    { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, emails: [{ value: userName, primary: true }] },
    forwarded,
  );
  expect(created.status).toBe(201);
  const discovery = await scimRequest(api, 'GET', '/ServiceProviderConfig', client.token, undefined, forwarded);
  expect(discovery.status).toBe(200);
  return { location: created.headers.get('location')!, meta: created.body.meta.location, discovery: discovery.body };
}

async function docsStartUrl(api: TestApp) {
  const draft = await createDraft(api, admin);
  const docs = await api.request('GET', `/api/workflows/${draft.id}/docs`, { token: admin, headers: forwarded });
  expect(docs.status).toBe(200);
  return /(\S+)\/api\/workflows\/[0-9a-f-]+\/start/.exec(docs.text)?.[1];
}

describe('without TRUST_PROXY, X-Forwarded-Host and -Proto are ignored', () => {
  it('SCIM locations name the host the request reached', async () => {
    const { location, meta, discovery } = await scimUserLocation(context.api);
    expect(location.startsWith(`${context.api.baseUrl}/scim/v2/Users/`)).toBe(true);
    expect(meta).toBe(location);
    expect(JSON.stringify(discovery)).not.toContain('evil.example');
  });

  it('generated workflow docs name the host the request reached', async () => {
    expect(await docsStartUrl(context.api)).toBe(context.api.baseUrl);
  });
});

describe('with TRUST_PROXY=true, the proxy names the public host', () => {
  it('SCIM locations and generated docs use X-Forwarded-Host and -Proto', async () => {
    const { location } = await scimUserLocation(behindProxy);
    expect(location.startsWith('https://evil.example/scim/v2/Users/')).toBe(true);
    expect(await docsStartUrl(behindProxy)).toBe('https://evil.example');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and accepts only true or false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be true or false');
  });
});
