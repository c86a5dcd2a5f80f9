import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import type { WorkflowDefinitionInput } from '../../src/domain/workflow-definition.js';
import { screenshot, signInWithProvider, useChromium, useConsoleStack, VIEWPORTS } from '../support/chromium.js';
import { consolePagePatterns } from '../support/console-routes.js';
import { pollUntil } from '../support/poll.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { connectorOnDirectory } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, createDraft, definition, end, start, step } from '../support/workflows.js';

// Every page of the console (web/src/pages/routes.tsx) in Chromium against the real API,
// PostgreSQL, Temporal worker and OpenID provider, as an administrator at 1280×800 and 390×844
// (docs/console.md, "Browser tests"): it renders its heading without an error, fits a phone's
// width, and is used by keyboard alone: Tab goes from the top bar through every control, each
// with a visible focus indicator, and back to the top bar; "Skip to content" leads into the page;
// and each page's primary action is done with Enter or Space (at 1280×800; the Tab round too, as
// the controls are the same at both sizes). The screenshots of the pages no other test pictures
// come from here. A page added to routes.tsx without an entry in PAGES fails the first test.

const stack = useConsoleStack();
const chromium = useChromium();

interface Seeded {
  run: string;
  workflow: string;
  draft: string;
  connector: string;
  connectorName: string;
  user: string;
  group: string;
  organization: string;
  project: string;
  role: string;
  entitlement: string;
  review: string;
}
let seeded: Seeded;

interface PageCheck {
  /** The address, the route's `:id` filled with a seeded row. */
  path: (seeded: Seeded) => string;
  /** The page's main heading (h1) once it has loaded. */
  heading: string | RegExp;
  /** What shows when the page's content has loaded, beyond the heading. */
  ready?: (page: Page) => Locator;
  /** The 1280×800 screenshot's name, for pages no other test pictures (docs/console.md). */
  screenshot?: string;
  /** Also a 390×844 screenshot, `<screenshot>-phone`, where the phone layout matters. */
  phone?: boolean;
  /** The page's primary action by keyboard alone, with its outcome; run at 1280×800. */
  act: (page: Page, seeded: Seeded) => Promise<void>;
}

const main = (page: Page) => page.getByRole('main');

/**
 * One check per route pattern. The actions vary on purpose (a link, a sort, a search, pages, a
 * disclosure, a form sent with Enter, a confirmation closed with Escape or "No") and leave the
 * flows other test files cover to them.
 */
const PAGES: Record<string, PageCheck> = {
  '/': {
    path: () => '/',
    heading: 'Inbox',
    ready: (page) => main(page).getByRole('button', { name: 'Approve' }),
    act: async (page) => {
      // Back from the page's first control into the top bar.
      await tabTo(
        page,
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }),
        'Shift+Tab',
      );
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/runs');
    },
  },
  '/runs': {
    path: () => '/runs',
    heading: 'Runs',
    ready: (page) => main(page).getByRole('table'),
    act: async (page, { run }) => {
      await tabTo(page, main(page).locator(`a[href="/runs/${run}"]`));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/runs/${run}`);
      await main(page)
        .getByRole('heading', { name: /Keyboard access request/ })
        .waitFor();
    },
  },
  '/runs/:id': {
    path: ({ run }) => `/runs/${run}`,
    heading: /^Keyboard access request run/,
    ready: (page) => page.getByRole('region', { name: 'Waiting for' }),
    act: async (page, { run }) => {
      await confirmThenCancel(page, 'Cancel the run', 'Escape');
      const { status } = await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: run } });
      expect(status).toBe('waiting');
    },
  },
  '/workflows': {
    path: () => '/workflows',
    heading: 'Workflows',
    ready: (page) => main(page).getByRole('table'),
    act: async (page) => {
      await tabTo(page, main(page).getByLabel('Name or description'));
      await page.keyboard.type('keyboard draft');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('search') === 'keyboard draft');
      await main(page).getByRole('link', { name: 'Keyboard draft' }).waitFor();
      await main(page).getByRole('link', { name: 'Keyboard access request' }).waitFor({ state: 'detached' });
    },
  },
  '/workflows/new': {
    path: () => '/workflows/new',
    heading: 'New workflow',
    act: async (page) => {
      const json = page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'JSON' });
      await tabTo(page, json);
      await page.keyboard.press('Space');
      await expect(json.getAttribute('aria-pressed')).resolves.toBe('true');
      await expect(main(page).locator('textarea').first().inputValue()).resolves.toContain('"steps"');
    },
  },
  '/workflows/:id/edit': {
    path: ({ draft }) => `/workflows/${draft}/edit`,
    heading: /^Edit Keyboard draft/,
    ready: (page) => page.locator('.editor-graph svg'),
    act: async (page, { draft }) => {
      const before = await stack.database.db.workflowDefinition.findUniqueOrThrow({ where: { id: draft } });
      await tabTo(page, main(page).getByRole('button', { name: 'Save draft' }));
      await page.keyboard.press('Enter');
      await main(page).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      const after = await stack.database.db.workflowDefinition.findUniqueOrThrow({ where: { id: draft } });
      expect(after.revision).toBe(before.revision + 1);
    },
  },
  '/workflows/:id': {
    path: ({ workflow }) => `/workflows/${workflow}`,
    heading: 'Keyboard access request',
    ready: (page) => page.locator('.mermaid-diagram svg, [aria-label^="Flow of"] svg').first(),
    act: async (page, { workflow }) => {
      await confirmThenCancel(page, 'Deprecate', 'Escape');
      const { status } = await stack.database.db.workflowDefinition.findUniqueOrThrow({ where: { id: workflow } });
      expect(status).toBe('active');
    },
  },
  '/connectors': {
    path: () => '/connectors',
    heading: 'Connectors',
    screenshot: 'connectors',
    ready: (page) => main(page).getByRole('table'),
    act: async (page) => {
      await tabTo(page, main(page).getByRole('link', { name: 'New connector' }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/connectors/new');
    },
  },
  '/connectors/new': {
    path: () => '/connectors/new',
    heading: 'New connector',
    ready: (page) => main(page).getByLabel('Handler'),
    act: async (page) => {
      // Typing on a closed list chooses the first option starting with what is typed.
      await tabTo(page, main(page).getByLabel('Handler'));
      await page.keyboard.type('ldap');
      const form = page.getByRole('form', { name: 'New connector' });
      await form.getByLabel('baseDn (required)', { exact: true }).waitFor();
      await screenshot(page, 'connector-new');
    },
  },
  '/connectors/:id': {
    path: ({ connector }) => `/connectors/${connector}`,
    heading: /^directory-/,
    act: async (page) => {
      await tabTo(page, main(page).getByRole('button', { name: 'Test connection' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Connected in' }).textContent()).resolves.toMatch(
        /^Connected in \d+ ms$/,
      );
    },
  },
  '/sync': {
    path: () => '/sync',
    heading: 'Sync review',
    ready: (page) => main(page).getByRole('button', { name: 'Review matches' }),
    act: async (page, { connectorName }) => {
      await tabTo(page, main(page).getByRole('button', { name: 'Review matches' }));
      await page.keyboard.press('Enter');
      // The queue opens below every connector: focus moves to its heading, which names the connector.
      const heading = main(page).getByRole('heading', { name: `Matches of ${connectorName}’s user records` });
      await heading.waitFor();
      await expect(focusedText(page)).resolves.toBe(await heading.textContent());
    },
  },
  '/approvals': {
    path: () => '/approvals',
    heading: 'Pending work',
    act: async (page) => {
      await tabTo(page, main(page).getByLabel('Step, task or workflow name'));
      await page.keyboard.type('keyboard access');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('search') === 'keyboard access');
      await main(page).getByRole('button', { name: 'Approve' }).waitFor();
    },
  },
  '/reviews': {
    path: () => '/reviews',
    heading: 'Access reviews',
    ready: (page) => main(page).getByRole('table', { name: 'Campaigns' }),
    act: async (page) => {
      await tabTo(page, main(page).getByText('New campaign', { exact: true }));
      await page.keyboard.press('Enter');
      await page.getByRole('form', { name: 'New campaign' }).getByLabel('Business roles to review').waitFor();
    },
  },
  '/reviews/mine': {
    path: () => '/reviews/mine',
    heading: 'My access reviews',
    ready: (page) => main(page).getByText('No access review items wait for you.'),
    act: async (page) => {
      await tabTo(page, main(page).getByRole('link', { name: 'Inbox' }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/');
    },
  },
  '/reviews/:id': {
    path: ({ review }) => `/reviews/${review}`,
    heading: 'Keyboard review',
    ready: (page) => main(page).getByRole('button', { name: 'Start' }),
    act: async (page) => {
      await tabTo(page, main(page).getByRole('link', { name: 'Access reviews' }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/reviews');
    },
  },
  '/admin': {
    path: () => '/admin',
    heading: 'Admin',
    act: async (page) => {
      await tabTo(page, main(page).getByRole('link', { name: 'Groups' }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/groups');
    },
  },
  '/users': {
    path: () => '/users',
    heading: 'Users',
    screenshot: 'users',
    phone: true,
    ready: (page) => main(page).getByRole('table', { name: 'Users' }),
    act: async (page) => {
      await tabTo(page, page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Space');
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await main(page)
        .getByText(/^Page 2 of 2/)
        .waitFor();
    },
  },
  '/users/:id': {
    path: ({ user }) => `/users/${user}`,
    heading: /^Ada Keyboard/,
    act: async (page, { user }) => {
      const roles = page.getByRole('form', { name: 'Roles' });
      await tabTo(page, roles.getByLabel('approver'));
      await page.keyboard.press('Space');
      await tabTo(page, roles.getByRole('button', { name: 'Save roles' }));
      await page.keyboard.press('Enter');
      await roles.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      const saved = await stack.database.db.user.findUniqueOrThrow({ where: { id: user } });
      expect(saved.roles).toEqual(['requestor', 'approver']);
    },
  },
  '/groups': {
    path: () => '/groups',
    heading: 'Groups',
    screenshot: 'groups',
    ready: (page) => main(page).getByRole('table', { name: 'Groups' }),
    act: async (page) => {
      await tabTo(page, main(page).getByText('New group', { exact: true }));
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: 'New group' });
      await tabTo(page, form.getByLabel('Name'));
      await page.keyboard.type('Keyboard reviewers');
      await page.keyboard.press('Enter');
      await main(page).getByRole('heading', { name: 'Keyboard reviewers' }).waitFor();
      const created = await stack.database.db.userGroup.findUniqueOrThrow({ where: { name: 'Keyboard reviewers' } });
      expect(page.url()).toBe(stack.url(`/groups/${created.id}`));
    },
  },
  '/groups/:id': {
    path: ({ group }) => `/groups/${group}`,
    heading: 'Keyboard testers',
    screenshot: 'group',
    ready: (page) => main(page).getByRole('table', { name: 'Members' }),
    act: async (page, { group }) => {
      await confirmThenCancel(page, 'Delete group', 'Escape');
      expect(await stack.database.db.userGroup.count({ where: { id: group } })).toBe(1);
    },
  },
  '/organizations': {
    path: () => '/organizations',
    heading: 'Organizations',
    screenshot: 'organizations',
    ready: (page) => main(page).getByRole('table', { name: 'Organizations' }),
    act: (page) => reverseByKeyboard(page, 'Organizations', 'Enter'),
  },
  '/organizations/:id': {
    path: ({ organization }) => `/organizations/${organization}`,
    heading: /^Keyboard Org/,
    act: async (page, { organization }) => {
      const form = page.getByRole('form', { name: 'Organization' });
      await tabTo(page, form.getByLabel('Website'));
      await page.keyboard.type('https://keyboard.example.test');
      await page.keyboard.press('Enter');
      await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      const saved = await stack.database.db.organization.findUniqueOrThrow({ where: { id: organization } });
      expect(saved.website).toBe('https://keyboard.example.test');
    },
  },
  '/projects': {
    path: () => '/projects',
    heading: 'Projects',
    screenshot: 'projects',
    ready: (page) => main(page).getByRole('table', { name: 'Projects' }),
    act: async (page) => {
      await tabTo(page, main(page).getByLabel('Name', { exact: true }));
      await page.keyboard.type('keyboard');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('search') === 'keyboard');
      await main(page).getByText('1 result', { exact: true }).waitFor();
      await main(page).getByRole('link', { name: 'Keyboard project' }).waitFor();
    },
  },
  '/projects/:id': {
    path: ({ project }) => `/projects/${project}`,
    heading: 'Keyboard project',
    screenshot: 'project',
    phone: true,
    act: async (page, { project }) => {
      await tabTo(page, main(page).getByText('New workflow set', { exact: true }));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('form', { name: 'New workflow set' }).getByLabel('Name'));
      await page.keyboard.type('Onboarding');
      await page.keyboard.press('Enter');
      await page.getByRole('form', { name: 'Workflow set Onboarding' }).waitFor();
      const sets = await stack.database.db.workflowSet.findMany({ where: { projectId: project } });
      expect(sets.map((set) => set.name)).toEqual(['Onboarding']);
    },
  },
  '/roles': {
    path: () => '/roles',
    heading: 'Business roles',
    screenshot: 'business-roles',
    ready: (page) => main(page).getByRole('table', { name: 'Business roles' }),
    act: (page) => reverseByKeyboard(page, 'Business roles', 'Space'),
  },
  '/roles/:id': {
    path: ({ role }) => `/roles/${role}`,
    heading: /^Keyboard role/,
    screenshot: 'business-role',
    ready: (page) => main(page).getByRole('heading', { name: 'Holders' }),
    act: async (page, { role }) => {
      await confirmThenCancel(page, 'Delete business role', 'No');
      expect(await stack.database.db.businessRole.count({ where: { id: role } })).toBe(1);
    },
  },
  '/entitlements': {
    path: () => '/entitlements',
    heading: 'Entitlements',
    screenshot: 'entitlements',
    ready: (page) => main(page).getByRole('table', { name: 'Entitlements' }),
    act: async (page, { entitlement }) => {
      await tabTo(page, main(page).getByRole('link', { name: 'keyboard-vpn' }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/entitlements/${entitlement}`);
    },
  },
  '/entitlements/:id': {
    path: ({ entitlement }) => `/entitlements/${entitlement}`,
    heading: /^keyboard-vpn/,
    screenshot: 'entitlement',
    act: async (page, { entitlement }) => {
      await confirmThenCancel(page, 'Delete entitlement', 'Escape');
      expect(await stack.database.db.entitlement.count({ where: { id: entitlement } })).toBe(1);
    },
  },
  '/schedules': {
    path: () => '/schedules',
    heading: 'Schedules',
    act: async (page) => {
      await tabTo(page, main(page).getByRole('button', { name: 'New schedule' }));
      await page.keyboard.press('Enter');
      await page.getByRole('form', { name: 'New schedule' }).waitFor();
    },
  },
  '/templates': {
    path: () => '/templates',
    heading: 'Templates',
    act: async (page) => {
      const documents = page
        .getByRole('group', { name: 'Kind of template' })
        .getByRole('button', { name: /^Document/ });
      await tabTo(page, documents);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('kind') === 'document');
      await expect(documents.getAttribute('aria-pressed')).resolves.toBe('true');
      await main(page).getByRole('button', { name: 'New document template' }).waitFor();
    },
  },
  '/tokens': {
    path: () => '/tokens',
    heading: 'API tokens',
    act: async (page) => {
      await tabTo(page, main(page).getByText('Mint a token', { exact: true }));
      await page.keyboard.press('Space');
      await page.getByRole('form', { name: 'Mint a token' }).getByLabel('Name').waitFor();
    },
  },
  '/scim-clients': {
    path: () => '/scim-clients',
    heading: 'SCIM clients',
    act: async (page) => {
      await tabTo(page, main(page).getByLabel('Name of the new client'));
      await page.keyboard.type('keyboard-idp');
      await page.keyboard.press('Enter');
      await page.getByLabel('Token of keyboard-idp value').waitFor();
      expect(await stack.database.db.scimClient.count({ where: { name: 'keyboard-idp' } })).toBe(1);
    },
  },
  '/transfer': {
    path: () => '/transfer',
    heading: 'Configuration transfer',
    act: async (page) => {
      await tabTo(page, main(page).getByLabel('Only named entities', { exact: false }));
      await page.keyboard.press('Space');
      await main(page).getByLabel('Names of Email templates').waitFor();
    },
  },
  '/audit': {
    path: () => '/audit',
    heading: 'Audit log',
    ready: (page) => page.getByRole('list', { name: 'Audit entries' }),
    act: async (page) => {
      await tabTo(page, main(page).getByLabel('Action', { exact: false }));
      await page.keyboard.type('scim_client.created');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('action') === 'scim_client.created');
      await main(page).getByText('1 result', { exact: true }).waitFor();
    },
  },
  '/reports': {
    path: () => '/reports',
    heading: 'Reports',
    act: async (page) => {
      await tabTo(page, main(page).getByLabel('Default SLA in hours', { exact: false }));
      await page.keyboard.type('12');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => [...url.searchParams.values()].includes('12'));
    },
  },
};

beforeAll(async () => {
  const { db } = stack.database;
  const { token } = await createUserWithToken(db, ['admin']);
  const email = 'ada.keyboard@example.test';
  const user = await db.user.create({
    data: { email, activeEmail: email, displayName: 'Ada Keyboard', roles: ['requestor'] },
  });
  // Two pages of users, so the users list has a next page.
  await db.user.createMany({
    data: Array.from({ length: 21 }, (_, index) => {
      const address = `keyboard-${String(index + 1).padStart(2, '0')}@people.test`;
      return {
        email: address,
        activeEmail: address,
        displayName: `Keyboard person ${index + 1}`,
        roles: ['requestor'],
      };
    }),
  });
  // An approval every administrator may decide, so the inbox and pending work have a card.
  const request = approvalDefinition({ name: 'Keyboard access request' });
  const approval = request.steps.find((step) => step.type === 'approval');
  if (approval) approval.config = { ...approval.config, approvers: ['admin'] };
  const workflow = await createActive(stack.api, token, request satisfies WorkflowDefinitionInput);
  const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token,
    body: { variables: { requester: user.id, manager: user.id, reason: 'keyboard checks' } },
  });
  expect(started.status).toBe(201);
  await waitForRun(stack.api, token, started.body.id, hasStatus('waiting'));
  // A short draft: the editor's Tab round passes every field of every step.
  const draft = await createDraft(
    stack.api,
    token,
    definition('Keyboard draft', [
      start('notify'),
      step('notify', 'notification', { recipientId: user.id, message: 'Hello' }, { success: 'end' }),
      end(),
    ]),
  );

  const { connectorId } = await connectorOnDirectory(stack.api, token, 3);
  const sync = await stack.api.request('PUT', `/api/connectors/${connectorId}/sync-config/user`, {
    token,
    body: { syncAllUsers: true },
  });
  expect(sync.status).toBe(201);
  const connector = await db.connector.findUniqueOrThrow({ where: { id: connectorId } });
  const group = await db.userGroup.create({
    data: { name: 'Keyboard testers', description: 'People who test by keyboard' },
  });
  await db.userGroupMember.create({ data: { groupId: group.id, userId: user.id } });
  const organization = await db.organization.create({
    data: { name: 'Keyboard Org', activeName: 'Keyboard Org', domain: 'keyboard.example.test' },
  });
  // More than one organization and role, so their lists show a reversed order.
  for (const name of ['Alpha Org', 'Zulu Org']) await db.organization.create({ data: { name, activeName: name } });
  await db.businessRole.createMany({ data: [{ name: 'Auditor' }, { name: 'Zulu role' }] });
  const project = await db.project.create({
    data: { name: 'Keyboard project', description: 'Workflows of the keyboard tests' },
  });
  const role = await db.businessRole.create({ data: { name: 'Keyboard role', description: 'Grants the VPN' } });
  const entitlement = await db.entitlement.create({
    data: {
      name: 'keyboard-vpn',
      description: 'VPN access',
      connectorId,
      provisionConfig: { command: 'addToGroup', parameters: { groupName: 'vpn' } },
      deprovisionConfig: { command: 'removeFromGroup', parameters: { groupName: 'vpn' } },
    },
  });
  // The role grants the entitlement and has a holder, the project an owner: their pages show them.
  await db.roleEntitlement.create({ data: { roleId: role.id, entitlementId: entitlement.id } });
  await db.roleAssignment.create({ data: { roleId: role.id, userId: user.id, status: 'active' } });
  await db.projectMember.create({ data: { projectId: project.id, userId: user.id, role: 'owner' } });
  // A draft campaign: its page offers Start.
  const review = await stack.api.request('POST', '/api/access-reviews', {
    token,
    body: {
      name: 'Keyboard review',
      scope: { businessRoles: ['Keyboard role'] },
      reviewers: { type: 'users', userIds: [user.id] },
    },
  });
  expect(review.status).toBe(201);
  seeded = {
    review: review.body.id,
    run: started.body.id,
    workflow: workflow.id,
    draft: draft.id,
    connector: connectorId,
    connectorName: connector.name,
    user: user.id,
    group: group.id,
    organization: organization.id,
    project: project.id,
    role: role.id,
    entitlement: entitlement.id,
  };
});

/** Records every element that takes focus, with its outline and box shadow while focused. */
const FOCUS_RECORDER = `
  window.__focusStops = [];
  document.addEventListener('focusin', (event) => {
    const style = getComputedStyle(event.target);
    window.__focusStops.push({
      element: event.target,
      focused: style.outlineStyle + ' ' + style.outlineWidth + ' ' + style.outlineColor + ' | ' + style.boxShadow,
    });
  }, true);
`;

interface FocusStop {
  name: string;
  place: 'header' | 'main' | 'other';
  skipLink: boolean;
  /** Whether the element looks different focused (outline, box shadow) than unfocused. */
  indicated: boolean;
}

/** The recorded stops, each compared with its look once focus has left it. */
const FOCUS_STOPS = `(() => {
  document.activeElement?.blur?.();
  const styleOf = (element) => {
    const style = getComputedStyle(element);
    return style.outlineStyle + ' ' + style.outlineWidth + ' ' + style.outlineColor + ' | ' + style.boxShadow;
  };
  return window.__focusStops.map(({ element, focused }) => ({
    name: element.tagName.toLowerCase() + ' "' + (element.getAttribute('aria-label') || element.textContent || element.id || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 60) + '"',
    place: element.closest('header') ? 'header' : element.closest('main') ? 'main' : 'other',
    skipLink: element.classList.contains('skip-link'),
    indicated: !element.isConnected || styleOf(element) !== focused,
  }));
})()`;

/** Installs FOCUS_RECORDER in the page shown, and in any the page loads later. */
async function recordFocus(page: Page): Promise<void> {
  await page.addInitScript(FOCUS_RECORDER);
  await page.evaluate(FOCUS_RECORDER);
}

const SKIP_LINK_STOPS = "window.__focusStops.filter((stop) => stop.element.classList.contains('skip-link')).length";

/** More Tab presses than any page has controls: past this, focus is trapped somewhere. */
const MAX_TABS = 400;

/**
 * From the top of the page, Tab until focus comes round to the top bar's "Skip to content" link
 * again; answers every stop on the way.
 */
async function tabAround(page: Page): Promise<FocusStop[]> {
  await page.evaluate('window.__focusStops = []');
  for (let pressed = 0; (await page.evaluate<number>(SKIP_LINK_STOPS)) < 2; pressed += 10) {
    if (pressed >= MAX_TABS) {
      const stops = await page.evaluate<FocusStop[]>(FOCUS_STOPS);
      throw new Error(`Tab never came back to the top bar; last stops: ${stops.slice(-5).map((stop) => stop.name)}`);
    }
    for (let press = 0; press < 10; press += 1) await page.keyboard.press('Tab');
  }
  const stops = await page.evaluate<FocusStop[]>(FOCUS_STOPS);
  return stops.slice(0, stops.findIndex((stop, index) => index > 0 && stop.skipLink) + 1);
}

/** Presses Tab (or `key`) until `target` has focus, so it is reached by keyboard alone. */
async function tabTo(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  const element = await target.elementHandle();
  if (!element) throw new Error(`${target} is not on the page`);
  for (let pressed = 0; pressed < MAX_TABS; pressed += 1) {
    if (await element.evaluate((node) => node.ownerDocument.activeElement === node)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target}`);
}

const focusedText = (page: Page) => page.evaluate<string>("document.activeElement?.textContent ?? ''");

/**
 * A confirmed action opened by keyboard and left without acting: the confirmation takes focus,
 * Escape (or "No") closes it, and focus returns to the button that opened it.
 */
async function confirmThenCancel(page: Page, label: string, leaveWith: 'Escape' | 'No'): Promise<void> {
  const opener = main(page).getByRole('button', { name: label, exact: true });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: label });
  await dialog.waitFor();
  await expect(focusedText(page)).resolves.toBe('No');
  if (leaveWith === 'Escape') await page.keyboard.press('Escape');
  else await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await expect(focusedText(page)).resolves.toBe(label);
}

/** A list sorted by name, its Name heading pressed by keyboard: reversed, and so in the address. */
async function reverseByKeyboard(page: Page, table: string, key: 'Enter' | 'Space'): Promise<void> {
  const list = page.getByRole('table', { name: table });
  const header = list.getByRole('columnheader', { name: 'Name' });
  const names = () => list.locator('tbody tr td:first-child').allTextContents();
  expect(await header.getAttribute('aria-sort')).toBe('ascending');
  const ascending = await names();
  expect(ascending.length).toBeGreaterThan(1);
  await tabTo(page, header.getByRole('button'));
  await page.keyboard.press(key);
  await page.waitForURL((url) => url.searchParams.get('sortOrder') === 'desc');
  const shown = await pollUntil(names, (now) => now[0] !== ascending[0], { timeoutMs: 5000 });
  expect(shown).toEqual([...ascending].reverse());
  expect(await header.getAttribute('aria-sort')).toBe('descending');
}

/**
 * Shows the page, waits for its heading and content, checks that nothing failed, and puts focus
 * back at the top of the page.
 */
async function open(page: Page, check: PageCheck): Promise<void> {
  // The console's own navigation (Link's), without loading the app again for each page.
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(check.path(seeded))}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
  // The first h1: a workflow's rendered documentation has its own.
  await main(page).locator('h1').first().filter({ hasText: check.heading }).waitFor();
  await check.ready?.(page).first().waitFor();
  const loading = main(page).locator('.loading');
  expect(
    await pollUntil(
      () => loading.count(),
      (count) => count === 0,
      { timeoutMs: 10_000, intervalMs: 50 },
    ),
  ).toBe(0);
  expect(await main(page).locator('.error[role="alert"]').allTextContents()).toEqual([]);
  // Focus starts from the top of the page, as after loading it.
  await page.evaluate(TOP_OF_PAGE);
}

/** Sequential focus starts where a removed element was: here, before everything. */
const TOP_OF_PAGE = `(() => {
  const mark = document.createElement('span');
  mark.tabIndex = -1;
  document.body.prepend(mark);
  mark.focus();
  mark.remove();
  window.scrollTo(0, 0);
})()`;

/**
 * The keyboard round of a page: Tab from the top reaches the skip link first and every control
 * with a visible indicator, and comes back to the top bar.
 */
async function checkTabOrder(page: Page): Promise<void> {
  const stops = await tabAround(page);
  expect(stops[0]?.skipLink).toBe(true);
  expect(stops.filter((stop) => stop.place === 'main').length).toBeGreaterThan(0);
  expect(stops.filter((stop) => !stop.indicated).map((stop) => stop.name)).toEqual([]);
  expect(stops.filter((stop) => stop.place === 'other').map((stop) => stop.name)).toEqual([]);
}

/** From the top of the page, the first Tab reaches "Skip to content", which leads into the page. */
async function checkSkipLink(page: Page): Promise<void> {
  await page.evaluate(TOP_OF_PAGE);
  await page.keyboard.press('Tab');
  await expect(focusedText(page)).resolves.toBe('Skip to content');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.evaluate<boolean>("document.activeElement?.closest('main') !== null")).resolves.toBe(true);
}

describe('every page of the console', () => {
  let page: Page;
  beforeAll(async () => {
    // One sign-in for all pages; each is checked at 1280×800, then at 390×844 by resizing (the
    // console's layout is CSS alone), then its action is done at 1280×800.
    ({ page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/admin'));
    await recordFocus(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('has a check for every route of web/src/pages/routes.tsx', async () => {
    expect(Object.keys(PAGES)).toEqual(await consolePagePatterns());
  });

  it.each(Object.keys(PAGES))('%s: renders, fits a phone, is used by keyboard alone', async (pattern) => {
    const check = PAGES[pattern];
    if (!check) throw new Error(`No check for ${pattern}`);
    await page.setViewportSize(VIEWPORTS.desktop);
    await open(page, check);
    if (check.screenshot) await screenshot(page, check.screenshot);
    await checkTabOrder(page);
    await checkSkipLink(page);

    await page.setViewportSize(VIEWPORTS.phone);
    await page.evaluate(TOP_OF_PAGE);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
    if (check.screenshot && check.phone) await screenshot(page, `${check.screenshot}-phone`);
    await checkSkipLink(page);

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.evaluate(TOP_OF_PAGE);
    await check.act(page, seeded);
  });
});
