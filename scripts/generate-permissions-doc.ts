import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../src/db/migrate.js';
import { renderPermissionsMarkdown } from '../src/permissions/permissions-doc.js';

// npm run docs:permissions — regenerates docs/permissions.md from the permission table.
const target = path.join(projectRoot(), 'docs', 'permissions.md');
await writeFile(target, renderPermissionsMarkdown());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
