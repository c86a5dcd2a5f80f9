import http from 'node:http';

/**
 * The yardstick of the scim-out benchmark: the fewest requests that provision the plan (POST
 * /Groups per group, POST /Users per user, PATCH `add members` per chunk of `maxMembersPerPatch`),
 * made by a bare node:http client at the same concurrency, each phase done before the next as the
 * service's calls are. Like the connector's client it opens a connection per request (scim2-server
 * closes each one after its answer anyway). No provisioning through a SCIM server can be faster.
 */

export interface ProvisioningPlan {
  /** The User documents, as the connector's mapping writes them. */
  users: Array<Record<string, unknown>>;
  /** Each group's displayName and its members (indexes into `users`). */
  groups: Array<{ displayName: string; members: number[] }>;
  maxMembersPerPatch: number;
}

export interface ScimServer {
  baseUrl: string;
  token: string;
}

export interface PhaseTimes {
  groupsMs: number;
  usersMs: number;
  membersMs: number;
  totalMs: number;
}

/** Runs `work` on every item, at most `concurrency` at once. */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/** Times `phase`, in ms. */
export async function timed(phase: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await phase();
  return Math.round(performance.now() - started);
}

function scimRequest(
  server: ScimServer,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: any }> {
  const url = new URL(`${server.baseUrl}${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${server.token}`,
          'content-type': 'application/scim+json',
          accept: 'application/scim+json, application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299) reject(new Error(`${method} ${path}: ${status} ${text}`));
          else resolve({ status, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function provisionWithBareClient(
  server: ScimServer,
  plan: ProvisioningPlan,
  concurrency: number,
): Promise<PhaseTimes> {
  const groupIds: string[] = [];
  const userIds: string[] = [];
  const started = performance.now();
  const groupsMs = await timed(() =>
    inParallel(plan.groups, concurrency, async (group, index) => {
      const created = await scimRequest(server, 'POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: group.displayName,
      });
      groupIds[index] = created.body.id;
    }),
  );
  const usersMs = await timed(() =>
    inParallel(plan.users, concurrency, async (user, index) => {
      userIds[index] = (await scimRequest(server, 'POST', '/Users', user)).body.id;
    }),
  );
  const patches = plan.groups.flatMap((group, index) => {
    const chunks = [];
    for (let start = 0; start < group.members.length; start += plan.maxMembersPerPatch)
      chunks.push({ group: groupIds[index]!, members: group.members.slice(start, start + plan.maxMembersPerPatch) });
    return chunks;
  });
  const membersMs = await timed(() =>
    inParallel(patches, concurrency, async ({ group, members }) => {
      await scimRequest(server, 'PATCH', `/Groups/${group}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'add', path: 'members', value: members.map((member) => ({ value: userIds[member] })) }],
      });
    }),
  );
  return { groupsMs, usersMs, membersMs, totalMs: Math.round(performance.now() - started) };
}
