import { Attribute, Change } from 'ldapts';
import { z } from 'zod';
import { defineCommand } from '../command.js';
import { textValues } from '../entries.js';
import { findPerson, ONE_PERSON, onePerson, personFields, required } from '../people.js';

const values = z.union([z.string(), z.array(z.string())]);
const list = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

export const updateUser = defineCommand({
  description:
    'Changes attributes of the user: replace sets an attribute’s values (an empty list removes it), add adds values, delete removes values (an empty list removes the attribute). Idempotent: only what differs is sent; nothing to change is changed: false.',
  idempotent: true,
  writes: true,
  changes: ['user'],
  parameters: z
    .object({
      ...personFields,
      replace: z.record(z.string().min(1), values).default({}),
      add: z.record(z.string().min(1), values).default({}),
      delete: z.record(z.string().min(1), values).default({}),
    })
    .strict()
    .refine(onePerson, ONE_PERSON),
  async run(call, parameters) {
    const names = [
      ...Object.keys(parameters.replace),
      ...Object.keys(parameters.add),
      ...Object.keys(parameters.delete),
    ];
    return call.withClient(async (client) => {
      const entry = required(
        await findPerson(call, client, parameters, names.length > 0 ? names : ['1.1']),
        parameters,
      );
      const changes: Change[] = [];
      const change = (operation: Change['operation'], type: string, values: string[]) =>
        changes.push(new Change({ operation, modification: new Attribute({ type, values }) }));
      for (const [name, wanted] of Object.entries(parameters.replace)) {
        const current = textValues(entry, name);
        const target = list(wanted);
        if (!sameValues(current, target))
          change(target.length === 0 ? 'delete' : 'replace', name, target.length === 0 ? [] : target);
      }
      for (const [name, wanted] of Object.entries(parameters.add)) {
        const missing = list(wanted).filter((value) => !textValues(entry, name).includes(value));
        if (missing.length > 0) change('add', name, missing);
      }
      for (const [name, unwanted] of Object.entries(parameters.delete)) {
        const current = textValues(entry, name);
        const present =
          list(unwanted).length === 0 ? current : list(unwanted).filter((value) => current.includes(value));
        if (present.length > 0) change('delete', name, list(unwanted).length === 0 ? [] : present);
      }
      if (changes.length > 0) await client.modify(entry.dn, changes);
      return {
        success: true,
        data: {
          dn: entry.dn,
          changed: changes.length > 0,
          changedAttributes: [...new Set(changes.map((item) => item.modification.type))],
        },
      };
    });
  },
});

function sameValues(current: string[], wanted: string[]): boolean {
  return current.length === wanted.length && wanted.every((value) => current.includes(value));
}
