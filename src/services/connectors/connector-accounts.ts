import type { DatabaseClient } from '../../db/client.js';
import type { AccountLink, ConnectorAccounts, FlowgateProfile } from '../../connectors/handler.js';
import { jsonObject } from '../../domain/common.js';
import { isUuid } from '../../domain/uuid.js';

const linkOf = (row: AccountLink): AccountLink => ({
  userId: row.userId,
  remoteId: row.remoteId,
  remoteName: row.remoteName,
});

/**
 * The account links of one connector (table connector_account_links) and the profiles of the users
 * they are for, as connector handlers see them (`ExecutionContext.accounts`).
 */
export function connectorAccounts(db: DatabaseClient, connectorId: string): ConnectorAccounts {
  return {
    async account(userId) {
      // Users' ids are uuids: any other text (a manager named in a custom attribute) names nobody.
      if (!isUuid(userId)) return undefined;
      const user = await db.user.findUnique({
        where: { id: userId },
        include: { accountLinks: { where: { connectorId } } },
      });
      if (!user) return undefined;
      const parsed = jsonObject.safeParse(user.customAttributes);
      const profile: FlowgateProfile = {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        active: user.active && user.deletedAt === null,
        title: user.title,
        department: user.department,
        phoneNumber: user.phoneNumber,
        location: user.location,
        employeeId: user.employeeId,
        costCenter: user.costCenter,
        startDate: user.startDate,
        managerId: user.managerId,
        customAttributes: parsed.success ? parsed.data : {},
      };
      const [link] = user.accountLinks.map(linkOf);
      return link ? { profile, link } : { profile };
    },
    async link(userId) {
      if (!isUuid(userId)) return undefined;
      const row = await db.connectorAccountLink.findUnique({ where: { connectorId_userId: { connectorId, userId } } });
      return row ? linkOf(row) : undefined;
    },
    async links(userIds) {
      const ids = userIds.filter((id) => isUuid(id));
      if (ids.length === 0) return [];
      const rows = await db.connectorAccountLink.findMany({ where: { connectorId, userId: { in: ids } } });
      return rows.map(linkOf);
    },
    async saveLink({ userId, remoteId, remoteName }) {
      await db.connectorAccountLink.upsert({
        where: { connectorId_userId: { connectorId, userId } },
        create: { connectorId, userId, remoteId, remoteName },
        update: { remoteId, remoteName },
      });
    },
    async removeLink(userId) {
      await db.connectorAccountLink.deleteMany({ where: { connectorId, userId } });
    },
  };
}
