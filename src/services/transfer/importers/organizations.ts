import type { SectionEntry } from '../../../domain/transfer-document.js';
import { validationFailed } from '../../../errors/index.js';
import { changeOrganization, insertOrganization } from '../../organizations/manage-organizations.js';
import { insertOrganizationMember } from '../../organizations/organization-members.js';
import { addedMembers, fieldChanges } from '../field-changes.js';
import { done, type ImportRun } from '../import-run.js';
import { depthsInDocument } from '../organization-parents.js';

/** Organizations by name, parents first; members the document names are added, none removed. */
export async function importOrganizations(
  run: ImportRun,
  entries: Array<SectionEntry<'organizations'>>,
): Promise<void> {
  for (const { members = [], parent, name, ...fields } of parentsFirst(entries)) {
    const existing = await run.tx.organization.findFirst({
      where: { name, deletedAt: null },
      include: { memberships: true },
    });
    const parentId = async () => {
      if (parent === null) return null;
      const row = await run.tx.organization.findFirst({ where: { name: parent, deletedAt: null } });
      if (!row) throw validationFailed(`Parent organization "${parent}" was not imported`);
      return row.id;
    };
    const addMembers = async (organizationId: string, held: Array<{ userId: string; role: string }>) => {
      const ids = await run.userIds(members.map((member) => member.email));
      for (const member of members) {
        const userId = ids.get(member.email)!;
        if (held.some((membership) => membership.userId === userId && membership.role === member.role)) continue;
        await insertOrganizationMember(run.tx, run.caller, organizationId, { userId, role: member.role });
      }
    };
    await run.apply(
      'organization',
      name,
      existing !== null,
      async () => {
        const created = await insertOrganization(run.tx, run.caller, { name, ...fields, parentId: await parentId() });
        await addMembers(created.id, []);
        return done('created');
      },
      async () => {
        await changeOrganization(run.tx, run.caller, existing!.id, { ...fields, parentId: await parentId() });
        await addMembers(existing!.id, existing!.memberships);
        return done('updated');
      },
      run.changesOf('organizations', name, (stored) => [
        ...fieldChanges(stored, { ...fields, parent }, ['address', 'website', 'domain', 'parent', 'contacts']),
        ...addedMembers(
          'members',
          (stored.members ?? []).map((member) => `${member.email.toLowerCase()} as ${member.role}`),
          (members ?? []).map((member) => `${member.email.toLowerCase()} as ${member.role}`),
        ),
      ]),
    );
  }
}

/** Parents before children, so each parent exists when its child is written. */
function parentsFirst(entries: Array<SectionEntry<'organizations'>>) {
  const depths = depthsInDocument(new Map(entries.map((entry) => [entry.name, entry.parent])));
  return [...entries].sort((a, b) => depths.get(a.name)! - depths.get(b.name)!);
}
