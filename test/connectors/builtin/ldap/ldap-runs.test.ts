import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'ldapts';
import type { RunningSlapd } from '../../../../scripts/local/slapd.js';
import { connectSuiteTemporal } from '../../../support/app.js';
import { adminSearch, peopleLdif, startDirectory } from '../../../support/ldap-connector.js';
import { useRunStack } from '../../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../../support/runs.js';
import { createUserWithToken } from '../../../support/users.js';
import { createActive, definition, end, start, step } from '../../../support/workflows.js';

// A value no other text of a run could contain by chance.
const PASSWORD = 'Ldap-Pw-93c1d7-secret';

const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let admin: string;
let slapd: RunningSlapd;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  let connection: Record<string, unknown>;
  ({ slapd, connection } = await startDirectory({ ldif: peopleLdif(2) }));
  const { bindPassword, ...config } = connection;
  const created = await stack.api.request('POST', '/api/connectors', {
    token: admin,
    body: { name: 'run-directory', type: 'ldap', executionModel: 'built_in', config, secrets: { bindPassword } },
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await slapd?.stop();
});

async function historyText(workflowId: string): Promise<string> {
  const temporal = await connectSuiteTemporal();
  try {
    const history = await temporal.client.workflow.getHandle(workflowId).fetchHistory();
    return JSON.stringify(history, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value,
    );
  } finally {
    await temporal.close();
  }
}

describe('a run sets a password through the ldap connector without keeping it anywhere', () => {
  it('sets the password from a secret variable; the run, its steps and its history hold none', async () => {
    const dn = `uid=user0,ou=people,${slapd.baseDn}`;
    const workflow = await createActive(
      stack.api,
      admin,
      definition(
        `ldap password ${Date.now()}`,
        [
          start('reset'),
          step(
            'reset',
            'connector',
            {
              connector: 'run-directory',
              command: 'resetPassword',
              parameters: { dn: '{{dn}}', password: '{{newPassword}}' },
              outputVariable: 'reset',
            },
            { success: 'end' },
          ),
          end(),
        ],
        {
          variables: [
            { name: 'dn', type: 'string', required: true },
            { name: 'newPassword', type: 'string', required: true, secret: true },
          ],
        },
      ),
    );
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: { dn, newPassword: PASSWORD } },
    });
    expect(started.status).toBe(201);
    const finished = await waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
    expect(finished.variables).toMatchObject({ newPassword: '[REDACTED]', reset: { dn, changed: true } });

    // The directory has the password: the user can bind with it.
    const client = new Client({ url: slapd.url });
    await expect(client.bind(dn, PASSWORD)).resolves.toBeUndefined();
    await client.unbind();
    expect((await adminSearch(slapd, dn, '(objectClass=*)', ['userPassword']))[0]!.userPassword).not.toContain(
      PASSWORD,
    );

    const steps = await stack.api.request('GET', `/api/runs/${started.body.id}/steps`, { token: admin });
    const visible = [
      steps.text,
      JSON.stringify(
        await stack.database.db.workflowRun.findUniqueOrThrow({
          where: { id: started.body.id },
          include: { steps: true },
        }),
      ),
      JSON.stringify(await stack.database.db.auditLog.findMany({})),
      await historyText(started.body.temporalWorkflowId),
    ];
    for (const text of visible) expect(text).not.toContain(PASSWORD);
  });
});
