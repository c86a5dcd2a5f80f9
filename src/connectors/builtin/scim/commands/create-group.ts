import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import { defineCommand, type ScimSession } from '../command.js';
import { filterLiteral, listResponse, scimGroup, type ScimGroup } from '../representations.js';
import { expectShape, statusFailure } from '../scim-client.js';
import { GROUP_SCHEMA } from '../user-mapping.js';

const SCAN_PAGE_SIZE = 100;

export const createGroup = defineCommand({
  description:
    'Creates a group without members. Idempotent: a group of that displayName is looked up first and returned (changed: false).',
  idempotent: true,
  writes: true,
  parameters: z
    .object({
      displayName: z.string().min(1).max(1000).describe('The group’s displayName'),
      externalId: z.string().min(1).max(1000).optional().describe('The group’s externalId'),
    })
    .strict(),
  async run(session, { displayName, externalId }) {
    // Looked up first: many targets do not hold displayName unique, so a retry would create twice.
    const existing = await findGroup(session, displayName);
    if (existing) return { success: true, data: { id: existing.id, displayName, changed: false } };
    const response = await session.call('POST', '/Groups', {
      body: { schemas: [GROUP_SCHEMA], displayName, ...(externalId ? { externalId } : {}) },
    });
    if (response.status === 409) {
      const found = await findGroup(session, displayName);
      if (found) return { success: true, data: { id: found.id, displayName, changed: false } };
      throw new ConnectorError('already_exists', `The application refused group ${displayName} as not unique (409)`);
    }
    if (response.status < 200 || response.status >= 300) throw statusFailure(response);
    const created = expectShape(scimGroup, response);
    return { success: true, data: { id: created.id, displayName, changed: true } };
  },
});

/** The group of this displayName: by filter where the target filters, else by reading every page. */
async function findGroup(session: ScimSession, displayName: string): Promise<ScimGroup | undefined> {
  const capabilities = await session.capabilities();
  const count = Math.min(SCAN_PAGE_SIZE, capabilities.maxResults ?? SCAN_PAGE_SIZE);
  for (let startIndex = 1; ;) {
    const response = await session.callOk('GET', '/Groups', {
      query: {
        startIndex,
        count,
        excludedAttributes: 'members',
        ...(capabilities.filter ? { filter: `displayName eq ${filterLiteral(displayName)}` } : {}),
      },
    });
    const page = expectShape(listResponse, response);
    const groups = expectShape(z.array(scimGroup), { ...response, body: page.Resources ?? [] });
    const found = groups.find((group) => group.displayName === displayName);
    if (found || capabilities.filter) return found;
    startIndex += groups.length;
    if (groups.length === 0 || startIndex > (page.totalResults ?? Infinity)) return undefined;
  }
}
