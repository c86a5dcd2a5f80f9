import { Attribute, BerWriter, Change, type Client } from 'ldapts';
import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import type { LdapCall } from '../command.js';
import { defineCommand } from '../command.js';
import { closeQuietly } from '../connection.js';
import { findPerson, ONE_PERSON, onePerson, personFields, required } from '../people.js';
import { ldapResultCode } from '../result-codes.js';

/**
 * Setting a password: Active Directory takes `unicodePwd` (the password in quotes, UTF-16LE) and
 * only over an encrypted connection; other servers get the Password Modify extended operation
 * (RFC 3062), which hashes the password by the server's own policy. The password is added to the
 * call's secrets, so no message or result can carry it; in a run it comes from a secret variable
 * (docs/runs.md, "Secret variables").
 */

const PASSWORD_MODIFY = '1.3.6.1.4.1.4203.1.11.1';

export const resetPassword = defineCommand({
  description:
    'Sets the user’s password (AD: unicodePwd over TLS; else the Password Modify extended operation, RFC 3062). mustChange makes the user change it at next sign-in. Idempotent: a password the user already has is changed: false. Pass the password from a secret variable.',
  idempotent: true,
  writes: true,
  changes: ['user'],
  parameters: z
    .object({
      ...personFields,
      password: z.string().min(1).max(512).describe('The new password: give it from a secret variable'),
      mustChange: z.boolean().default(false),
    })
    .strict()
    .refine(onePerson, ONE_PERSON),
  async run(call, parameters) {
    call.secrets.push(parameters.password);
    const activeDirectory = call.settings.flavour === 'active_directory';
    if (
      activeDirectory &&
      !call.settings.startTls &&
      call.settings.servers.some((server) => server.protocol !== 'ldaps:')
    )
      throw new ConnectorError(
        'invalid_configuration',
        'Active Directory accepts passwords only over an encrypted connection: use ldaps:// or startTls',
      );
    return call.withClient(async (client) => {
      const entry = required(await findPerson(call, client, parameters), parameters);
      // A repeat after the password was set: the user can sign in with it already.
      const already = await signsInWith(call, entry.dn, parameters.password);
      if (!already) {
        if (activeDirectory)
          await client.modify(
            entry.dn,
            new Change({
              operation: 'replace',
              modification: new Attribute({
                type: 'unicodePwd',
                values: [Buffer.from(`"${parameters.password}"`, 'utf16le')],
              }),
            }),
          );
        else await client.exop(PASSWORD_MODIFY, passwordModifyRequest(entry.dn, parameters.password));
      }
      if (parameters.mustChange) await requireChange(client, entry.dn, activeDirectory);
      return { success: true, data: { dn: entry.dn, changed: !already, mustChange: parameters.mustChange } };
    });
  },
});

/** The request value of RFC 3062: SEQUENCE { userIdentity [0], newPasswd [2] }. */
function passwordModifyRequest(dn: string, password: string): Buffer {
  const writer = new BerWriter();
  writer.startSequence();
  writer.writeString(dn, 0x80);
  writer.writeString(password, 0x82);
  writer.endSequence();
  return writer.buffer;
}

async function requireChange(client: Client, dn: string, activeDirectory: boolean): Promise<void> {
  const change = activeDirectory
    ? new Change({ operation: 'replace', modification: new Attribute({ type: 'pwdLastSet', values: ['0'] }) })
    : new Change({ operation: 'replace', modification: new Attribute({ type: 'pwdReset', values: ['TRUE'] }) });
  await client.modify(dn, change);
}

/** Whether a bind as `dn` with `password` succeeds, on a connection of its own. */
async function signsInWith(call: LdapCall, dn: string, password: string): Promise<boolean> {
  const settings = { ...call.settings, bindDn: dn, bindPassword: password };
  let client: Client | undefined;
  try {
    client = await call.openAs(settings);
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'invalid_credentials' || ldapResultCode(error) === 49) return false;
    throw error;
  } finally {
    if (client) await closeQuietly(client);
  }
}
