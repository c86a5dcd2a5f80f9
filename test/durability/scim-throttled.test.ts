import { beforeAll, describe, expect, it } from '@jest/globals';
import { scimThrottledProvisioning } from '../../scripts/faults/scim-throttled.js';
import { ensureScim2Server } from '../../scripts/local/scim2-server.js';
import { useRunStack } from '../support/run-stack.js';
import { createUserWithToken } from '../support/users.js';

// The fault suite's scim-throttled scenario (npm run faults -- scim-throttled), smaller: people
// provisioned through runs into scim2-server behind a proxy that answers 429 with Retry-After and
// 503 now and then, some runs cancelled midway; the end state is read from scim2-server itself.
const INSTALL_TIMEOUT_MS = 300_000;
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let token: string;

beforeAll(async () => {
  await ensureScim2Server();
  token = (await createUserWithToken(stack.database.db, ['admin'])).token;
}, INSTALL_TIMEOUT_MS);

describe('provisioning into a SCIM application that throttles, with runs cancelled midway', () => {
  it('leaves every account and membership right, none twice, and no call of a cancelled run after it', async () => {
    const outcome = await scimThrottledProvisioning(
      {
        call: async (method, path, body) => {
          const answer = await stack.api.request(method, path, { token, body });
          return { status: answer.status, body: answer.body };
        },
        db: stack.database.db,
        log: () => undefined,
      },
      { people: 12, cancelled: 4, groups: 2, throttledShare: 0.25, unavailableShare: 0.1, retryAfterSeconds: 1 },
    );
    expect(outcome.problems).toEqual([]);
    expect(outcome.notes[0]).toMatch(/12 runs \(8 completed, 4 cancelled midway\)/);
  }, 120_000);
});
