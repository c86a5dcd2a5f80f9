import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';
import { consolePagePatterns } from '../support/console-routes.js';

// docs/console.md describes every page of the console with a screenshot, and its images in
// docs/console/ are exactly those it shows (npm run docs:screenshots copies them from the browser
// tests' test-results/console/).

/** Each page's section of docs/console.md (its `##` heading) and the image of it shown there. */
const PAGE_DOCS: Record<string, { section: string; image: string }> = {
  '/': { section: 'Inbox', image: 'inbox.png' },
  '/runs': { section: 'Runs', image: 'runs.png' },
  '/runs/:id': { section: 'Runs', image: 'run.png' },
  '/workflows': { section: 'Workflows', image: 'workflows.png' },
  '/workflows/new': { section: 'Authoring a workflow', image: 'workflow-editor.png' },
  '/workflows/:id/edit': { section: 'Authoring a workflow', image: 'workflow-editor-phone.png' },
  '/workflows/:id': { section: 'Workflows', image: 'workflow.png' },
  '/connectors': { section: 'Connectors', image: 'connectors.png' },
  '/connectors/new': { section: 'Connectors', image: 'connector-new.png' },
  '/connectors/:id': { section: 'Connectors', image: 'connector.png' },
  '/sync': { section: 'Sync review', image: 'sync.png' },
  '/approvals': { section: 'Pending work', image: 'pending-work.png' },
  '/reviews': { section: 'Access reviews', image: 'reviews.png' },
  '/reviews/mine': { section: 'Access reviews', image: 'reviews-mine.png' },
  '/reviews/:id': { section: 'Access reviews', image: 'review.png' },
  '/admin': { section: 'Admin', image: 'admin.png' },
  '/users': { section: 'Users', image: 'users.png' },
  '/users/:id': { section: 'Users', image: 'user.png' },
  '/groups': { section: 'Groups', image: 'groups.png' },
  '/groups/:id': { section: 'Groups', image: 'group.png' },
  '/organizations': { section: 'Organizations', image: 'organizations.png' },
  '/organizations/:id': { section: 'Organizations', image: 'organization.png' },
  '/projects': { section: 'Projects and workflow sets', image: 'projects.png' },
  '/projects/:id': { section: 'Projects and workflow sets', image: 'project.png' },
  '/roles': { section: 'Business roles and entitlements', image: 'business-roles.png' },
  '/roles/:id': { section: 'Business roles and entitlements', image: 'business-role.png' },
  '/entitlements': { section: 'Business roles and entitlements', image: 'entitlements.png' },
  '/entitlements/:id': { section: 'Business roles and entitlements', image: 'entitlement.png' },
  '/schedules': { section: 'Schedules', image: 'schedules.png' },
  '/templates': { section: 'Templates', image: 'templates.png' },
  '/tokens': { section: 'API tokens', image: 'tokens.png' },
  '/scim-clients': { section: 'SCIM clients', image: 'scim-clients.png' },
  '/transfer': { section: 'Configuration transfer', image: 'transfer-preview.png' },
  '/audit': { section: 'Audit log', image: 'audit.png' },
  '/reports': { section: 'Reports', image: 'reports.png' },
};

const IMAGE = /\]\(console\/([^)\s]+)\)/g;

async function consoleDoc(): Promise<string> {
  return readFile(path.join(projectRoot(), 'docs', 'console.md'), 'utf8');
}

/** The text of each `##` section of docs/console.md (its `###` subsections included), by heading. */
function sections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const [heading = '', ...body] = part.split('\n');
    found.set(heading.trim(), body.join('\n'));
  }
  return found;
}

const imagesIn = (text: string) => [...text.matchAll(IMAGE)].map((match) => match[1] ?? '');

describe('docs/console.md and docs/console/', () => {
  it('shows every image of docs/console/, and every image it shows is there', async () => {
    const shown = new Set(imagesIn(await consoleDoc()));
    const files = new Set(await readdir(path.join(projectRoot(), 'docs', 'console')));
    expect([...shown].filter((image) => !files.has(image))).toEqual([]);
    expect([...files].filter((file) => !shown.has(file))).toEqual([]);
  });

  it('describes every page of web/src/pages/routes.tsx in its section, with its screenshot', async () => {
    const patterns = await consolePagePatterns();
    expect(Object.keys(PAGE_DOCS).sort()).toEqual([...patterns].sort());
    const bySection = sections(await consoleDoc());
    const undocumented = patterns.filter((pattern) => {
      const { section, image } = PAGE_DOCS[pattern] ?? { section: '', image: '' };
      return !imagesIn(bySection.get(section) ?? '').includes(image);
    });
    expect(undocumented).toEqual([]);
  });
});
