import { PERMISSIONS, PERMISSION_TABLE, ROLES, holdersOf, type PermissionRule } from './permissions.js';

/** docs/permissions.md, rendered from the permission table so the two cannot drift. */
export function renderPermissionsMarkdown(): string {
  const lines = [
    '# Permissions',
    '',
    '<!-- Generated from src/permissions/permissions.ts by `npm run docs:generate`; do not edit. -->',
    '',
    `Built-in roles: ${ROLES.map((role) => `\`${role}\``).join(', ')}. \`admin\` holds every permission.`,
    "An API token carries a chosen subset of its creator's permissions and never more; if the creator",
    'loses a role later, tokens lose the permissions that came with it. Listing, creating and revoking',
    'tokens needs `token:manage`: every role holds it, but a token has it only when it was created with it.',
    '',
    '| Permission | Holders | Decision (where the spec leaves the holders open) |',
    '|---|---|---|',
  ];
  for (const permission of PERMISSIONS) {
    const rule: PermissionRule = PERMISSION_TABLE[permission];
    lines.push(`| \`${permission}\` | ${holdersOf(permission).join(', ')} | ${rule.decision ?? ''} |`);
  }
  lines.push('');
  return lines.join('\n');
}
