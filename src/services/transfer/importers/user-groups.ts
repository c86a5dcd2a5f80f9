import type { SectionEntry } from '../../../domain/transfer-document.js';
import { insertGroup, insertGroupMember, replaceGroup } from '../../groups.js';
import { addedMembers, fieldChanges } from '../field-changes.js';
import { done, type ImportRun } from '../import-run.js';

/** User groups by name; members the document names are added, none removed. */
export async function importUserGroups(run: ImportRun, entries: Array<SectionEntry<'userGroups'>>): Promise<void> {
  for (const { members = [], ...group } of entries) {
    const existing = await run.tx.userGroup.findUnique({ where: { name: group.name }, include: { members: true } });
    const addMembers = async (groupId: string, held: string[]) => {
      for (const userId of (await run.userIds(members)).values()) {
        if (!held.includes(userId)) await insertGroupMember(run.tx, run.caller, groupId, userId);
      }
    };
    await run.apply(
      'user_group',
      group.name,
      existing !== null,
      async () => {
        await addMembers((await insertGroup(run.tx, run.caller, group)).id, []);
        return done('created');
      },
      async () => {
        await replaceGroup(run.tx, run.caller, existing!.id, group);
        await addMembers(
          existing!.id,
          existing!.members.map((member) => member.userId),
        );
        return done('updated');
      },
      run.changesOf('userGroups', group.name, (stored) => [
        ...fieldChanges(stored, group, ['description']),
        // Members a document leaves out are none to add (an export without user:read omits them).
        ...addedMembers(
          'members',
          (stored.members ?? []).map((email) => email.toLowerCase()),
          (members ?? []).map((email) => email.toLowerCase()),
        ),
      ]),
    );
  }
}
