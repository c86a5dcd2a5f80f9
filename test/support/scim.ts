import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp, TestResponse } from './app.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'scim');

/** A published Entra ID or Okta request body from test/fixtures/scim, with {{placeholders}} filled in. */
export function scimFixture(name: string, values: Record<string, string> = {}): unknown {
  const text = readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`fixture ${name} needs a value for ${key}`);
    return value;
  });
  return JSON.parse(text);
}

let counter = 0;

/** A unique suffix for names and emails in one test run. */
export function unique(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}`;
}

/** Sends a SCIM request the way directories do: application/scim+json. */
export function scimRequest(
  api: TestApp,
  method: string,
  route: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  return api.request(method, `/scim/v2${route}`, {
    token,
    ...(body === undefined ? {} : { body }),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }), ...headers },
  });
}

/** Creates a SCIM client through the admin API and returns its id and token. */
export async function createScimClient(api: TestApp, adminToken: string, name = unique('directory')) {
  const response = await api.request('POST', '/api/scim-clients', { token: adminToken, body: { name } });
  if (response.status !== 201) throw new Error(`creating a SCIM client: ${response.status} ${response.text}`);
  return { id: response.body.id as string, token: response.body.token as string, name };
}
