import { Attribute, Change, type Client, type Entry } from 'ldapts';
import { z } from 'zod';
import type { LdapCall, LdapCommand } from '../command.js';
import { defineCommand } from '../command.js';
import { firstText, textValues } from '../entries.js';
import { findPerson, ONE_PERSON, onePerson, personFields, required } from '../people.js';

/**
 * Disabling and enabling an account, the way the directory knows it: Active Directory's
 * userAccountControl ACCOUNTDISABLE bit; elsewhere the configured `disabledAttribute`, or the
 * ppolicy overlay's pwdAccountLockedTime (the value 000001010000Z locks until an administrator
 * removes it). listUsers reports the same state as `attributes.enabled: false`.
 */

const ACCOUNT_DISABLED = 0x2;
const PERMANENT_LOCK = '000001010000Z';
const LOCKED = 'pwdAccountLockedTime';

type Mechanism = 'userAccountControl' | 'disabledAttribute' | 'ppolicy';

function mechanismOf(call: LdapCall): Mechanism {
  if (call.settings.flavour === 'active_directory') return 'userAccountControl';
  return call.settings.disabledAttribute ? 'disabledAttribute' : 'ppolicy';
}

function attributesOf(call: LdapCall): string[] {
  switch (mechanismOf(call)) {
    case 'userAccountControl':
      return ['userAccountControl'];
    case 'disabledAttribute':
      return [call.settings.disabledAttribute!.attribute];
    case 'ppolicy':
      return [LOCKED];
  }
}

/** The change that puts the entry in the wanted state, or undefined when it is in it already. */
function changeFor(call: LdapCall, entry: Entry, disable: boolean): Change | undefined {
  const change = (operation: Change['operation'], type: string, values: string[]) =>
    new Change({ operation, modification: new Attribute({ type, values }) });
  switch (mechanismOf(call)) {
    case 'userAccountControl': {
      const current = Number(firstText(entry, 'userAccountControl') ?? '512');
      const next = disable ? current | ACCOUNT_DISABLED : current & ~ACCOUNT_DISABLED;
      return next === current ? undefined : change('replace', 'userAccountControl', [String(next)]);
    }
    case 'disabledAttribute': {
      const { attribute, value } = call.settings.disabledAttribute!;
      const has = textValues(entry, attribute).includes(value);
      if (disable) return has ? undefined : change('add', attribute, [value]);
      return has ? change('delete', attribute, [value]) : undefined;
    }
    case 'ppolicy': {
      const locked = textValues(entry, LOCKED).length > 0;
      if (disable) return locked ? undefined : change('replace', LOCKED, [PERMANENT_LOCK]);
      return locked ? change('delete', LOCKED, []) : undefined;
    }
  }
}

async function setState(call: LdapCall, client: Client, named: z.output<typeof parameters>, disable: boolean) {
  const entry = required(await findPerson(call, client, named, attributesOf(call)), named);
  const change = changeFor(call, entry, disable);
  if (change) await client.modify(entry.dn, change);
  return {
    success: true,
    data: { dn: entry.dn, enabled: !disable, mechanism: mechanismOf(call), changed: change !== undefined },
  };
}

const parameters = z.object(personFields).strict().refine(onePerson, ONE_PERSON);

export const disableAccount: LdapCommand = defineCommand({
  description:
    'Disables the account: the userAccountControl disabled bit on Active Directory, else the configured disabledAttribute, else ppolicy’s pwdAccountLockedTime. Idempotent: a disabled account is changed: false.',
  idempotent: true,
  writes: true,
  changes: ['user'],
  parameters,
  run: (call, named) => call.withClient((client) => setState(call, client, named, true)),
});

export const enableAccount: LdapCommand = defineCommand({
  description:
    'Enables the account again (the reverse of disableAccount). Idempotent: an enabled account is changed: false.',
  idempotent: true,
  writes: true,
  changes: ['user'],
  parameters,
  run: (call, named) => call.withClient((client) => setState(call, client, named, false)),
});
