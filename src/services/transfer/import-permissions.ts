import { TRANSFER_SECTIONS, type TransferDocument, type TransferSection } from '../../domain/transfer-document.js';
import { AppError } from '../../errors/index.js';
import { can, type Permission, type Principal } from '../../permissions/index.js';

/**
 * What the routes that write each section's entities ask for. `config:import` is an admin's, and
 * admins hold all of these; a credential narrowed to `config:import` (an API token made for an
 * assistant, say) may import only the sections it could also write one by one.
 */
const SECTION_PERMISSIONS: Record<TransferSection, readonly Permission[]> = {
  connectors: ['connector:manage'],
  projects: ['project:create', 'project:update', 'workflow_set:manage'],
  emailTemplates: ['workflow:update'],
  documentTemplates: ['workflow:update'],
  userGroups: ['user:manage'],
  organizations: ['org:manage'],
  entitlements: ['role:manage'],
  roles: ['role:manage'],
  workflows: ['workflow:create', 'workflow:update', 'workflow:publish'],
  schedules: ['schedule:manage', 'workflow:start'],
};

/** 403 naming every permission the document's non-empty sections need that `principal` lacks. */
export function assertSectionPermissions(principal: Principal, document: TransferDocument): void {
  const missing = new Set<Permission>();
  const sections = TRANSFER_SECTIONS.filter((section) => (document.entities[section]?.length ?? 0) > 0);
  for (const section of sections) {
    for (const permission of SECTION_PERMISSIONS[section]) if (!can(principal, permission)) missing.add(permission);
  }
  if (missing.size === 0) return;
  throw new AppError(
    'forbidden',
    `Importing the sections ${sections.join(', ')} also needs ${[...missing].join(', ')}, the permissions of writing them one by one`,
    { details: { missing: [...missing] } },
  );
}
