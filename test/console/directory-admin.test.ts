import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, signInWithProvider, useChromium, useConsoleStack, VIEWPORTS } from '../support/chromium.js';

// The directory administration pages of the console (docs/console.md, "Admin" to "Business roles
// and entitlements") in Chromium against the real API, PostgreSQL and OpenID provider: each page's
// actions are checked in the database, the API's refusals under the field they are about, search,
// sorting and pages in the address, and a user without the permission is offered none of it.

const stack = useConsoleStack();
const chromium = useChromium();
const PEOPLE = 23;
let target: { id: string };

beforeAll(async () => {
  const { db } = stack.database;
  await db.user.createMany({
    data: Array.from({ length: PEOPLE }, (_, index) => {
      const email = `person-${String(index + 1).padStart(2, '0')}@people.test`;
      return { email, activeEmail: email, displayName: `Person ${index + 1}`, roles: ['requestor'] };
    }),
  });
  const email = 'grace.target@example.test';
  target = await db.user.create({
    data: { email, activeEmail: email, displayName: 'Grace Target', roles: ['requestor'] },
  });
});

/** Chooses `label` in a user picker: searches, then picks the option the search brings. */
async function pickUser(page: Page, picker: string, search: string, option: string) {
  await page.getByLabel(`${picker}: search users by email or name`).fill(search);
  await page.getByLabel(picker, { exact: true }).selectOption({ label: option });
}

describe('directory administration', () => {
  it('lists users with search, sorting and pages, and edits one: roles, profile with its sources, deactivate and restore', async () => {
    const { db } = stack.database;
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');
    const listed = page.getByRole('main').getByRole('listitem').getByRole('link');
    await listed.first().waitFor();
    expect(await listed.allTextContents()).toEqual([
      'Users',
      'Groups',
      'Organizations',
      'Projects',
      'Business roles',
      'Entitlements',
      'Schedules',
      'Templates',
      'API tokens',
      'SCIM clients',
      'Transfer',
      'Audit log',
      'Reports',
    ]);
    await screenshot(page, 'admin');

    await page.getByRole('main').getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Email or name').fill('people.test');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`Page 1 of 2 (${PEOPLE} results)`).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of 2 (${PEOPLE} results)`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    // The list is sorted by email; pressing the heading (by keyboard) reverses it, from page 1 again.
    const table = page.getByRole('table', { name: 'Users' });
    const emailHeader = table.getByRole('columnheader', { name: 'Email' });
    expect(await emailHeader.getAttribute('aria-sort')).toBe('ascending');
    await emailHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await table.getByRole('row').nth(1).getByText('person-23@people.test').waitFor();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      search: 'people.test',
      sortBy: 'email',
      sortOrder: 'desc',
    });
    expect(await emailHeader.getAttribute('aria-sort')).toBe('descending');
    await nav.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');

    await page.goto(stack.url('/users?search=grace'));
    await page.getByRole('link', { name: 'Grace Target' }).click();
    await page.getByRole('heading', { name: /^Grace Target/ }).waitFor();

    const roles = page.getByRole('form', { name: 'Roles' });
    await roles.getByLabel('approver').check();
    await roles.getByRole('button', { name: 'Save roles' }).click();
    await roles.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).roles).toEqual(['requestor', 'approver']);

    // The API's refusal of a date shows under the date; the other fields save with source manual.
    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Title').fill('Auditor');
    await profile.getByLabel('Start date').fill('31/12/2026');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.locator('#profile-startDate-error').textContent()).resolves.toBe(
      'startDate must be a date (YYYY-MM-DD)',
    );
    expect(await profile.getByLabel('Start date').getAttribute('aria-invalid')).toBe('true');
    await profile.getByLabel('Start date').fill('2026-12-31');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const saved = await db.user.findUniqueOrThrow({ where: { id: target.id } });
    expect(saved).toMatchObject({ title: 'Auditor', startDate: '2026-12-31' });
    expect(saved.attributeSources).toMatchObject({ title: 'manual', startDate: 'manual' });
    await profile.getByText('Last written by an administrator (manual)').first().waitFor();
    const custom = page.getByRole('form', { name: 'Set a custom attribute' });
    await custom.getByLabel('Attribute name').fill('badge');
    await custom.getByLabel('Value').fill('B-12');
    await custom.getByRole('button', { name: 'Set attribute' }).click();
    await page
      .getByRole('table', { name: 'Custom attributes' })
      .getByRole('row', { name: /badge B-12/ })
      .waitFor();
    expect(await db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      customAttributes: { badge: 'B-12' },
      attributeSources: { 'custom.badge': 'manual' },
    });
    await screenshot(page, 'user');

    await page.getByRole('button', { name: 'Deactivate user' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate user' });
    await confirm.getByText('their email becomes free', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Yes, deactivate Grace Target' }).click();
    await page.getByRole('button', { name: 'Restore user' }).waitFor();
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).deletedAt).not.toBeNull();
    await page.getByRole('button', { name: 'Restore user' }).click();
    await page.getByRole('button', { name: 'Deactivate user' }).waitFor();
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).deletedAt).toBeNull();
    await page.context().close();
  });

  it('creates a group (a taken name refused under the name), adds and removes a member; sets an organization domain, parent and member roles', async () => {
    const { db } = stack.database;
    await db.userGroup.create({ data: { name: 'Payroll' } });
    const acme = await db.organization.create({ data: { name: 'Acme', activeName: 'Acme' } });
    const labs = await db.organization.create({
      data: { name: 'Acme Labs', activeName: 'Acme Labs', parentId: acme.id },
    });
    await db.organizationMembership.create({ data: { organizationId: labs.id, userId: target.id, role: 'member' } });
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/groups');

    await page.getByText('New group').click();
    const create = page.getByRole('form', { name: 'New group' });
    await create.getByLabel('Name').fill('Payroll');
    await create.getByRole('button', { name: 'Create group' }).click();
    await create.locator('#new-group-name-error').waitFor();
    await expect(create.locator('#new-group-name-error').textContent()).resolves.toMatch(/Payroll|name/i);
    await create.getByLabel('Name').fill('Auditors');
    await create.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { name: 'Auditors' }).waitFor();
    const group = await db.userGroup.findFirstOrThrow({ where: { name: 'Auditors' } });

    await pickUser(page, 'Add a member', 'grace', 'Grace Target (grace.target@example.test)');
    await page.getByRole('button', { name: 'Add member' }).click();
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('link', { name: 'Grace Target (grace.target@example.test)' }).waitFor();
    expect(await db.userGroupMember.count({ where: { groupId: group.id, userId: target.id } })).toBe(1);
    // Adding them again is the API's 409, shown by the picker.
    await pickUser(page, 'Add a member', 'grace', 'Grace Target (grace.target@example.test)');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('alert').filter({ hasText: 'already a member' }).waitFor();
    await members.getByRole('button', { name: 'Remove Grace Target (grace.target@example.test)' }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await page.getByText('No members.').waitFor();
    expect(await db.userGroupMember.count({ where: { groupId: group.id } })).toBe(0);

    // Organizations: the tree, the email domain (a bad one refused under the field), a parent that
    // would make a cycle refused under the parent, and a member moved to another role.
    await page.goto(stack.url('/organizations?search=acme'));
    await page.getByRole('link', { name: 'Acme Labs' }).first().click();
    await page.getByRole('list', { name: 'Parents' }).getByRole('link', { name: 'Acme' }).waitFor();
    const form = page.getByRole('form', { name: 'Organization' });
    await form.getByLabel('Email domain').fill('labs@acme');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('#org-domain-error').waitFor();
    await form.getByLabel('Email domain').fill('labs.acme.test');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await db.organization.findUniqueOrThrow({ where: { id: labs.id } })).domain).toBe('labs.acme.test');

    const membersTable = page.getByRole('table', { name: 'Members' });
    await membersTable.getByLabel('New role of grace.target@example.test as member').selectOption('approver');
    await membersTable.getByRole('button', { name: 'Change role' }).click();
    await membersTable.getByRole('cell', { name: 'approver', exact: true }).waitFor();
    await membersTable.getByRole('cell', { name: 'member', exact: true }).waitFor({ state: 'detached' });
    expect(
      await db.organizationMembership.findMany({
        where: { organizationId: labs.id },
        select: { userId: true, role: true },
      }),
    ).toEqual([{ userId: target.id, role: 'approver' }]);

    await page.getByRole('list', { name: 'Parents' }).getByRole('link', { name: 'Acme' }).click();
    await page.getByRole('list', { name: 'Children' }).getByRole('link', { name: 'Acme Labs' }).waitFor();
    const parentForm = page.getByRole('form', { name: 'Organization' });
    await parentForm.getByLabel('Parent organization: search organizations by name or domain').fill('labs');
    await parentForm.getByLabel('Parent organization', { exact: true }).selectOption({ label: 'Acme Labs' });
    await parentForm.getByRole('button', { name: 'Save' }).click();
    await expect(parentForm.locator('#org-parent-error').textContent()).resolves.toBe(
      'Setting the parent would create a cycle: Acme → Acme Labs → Acme',
    );
    expect((await db.organization.findUniqueOrThrow({ where: { id: acme.id } })).parentId).toBeNull();
    await screenshot(page, 'organization');
    await page.context().close();
  });

  it('manages a project, its workflow sets and members, and a business role granted and revoked', async () => {
    const { db } = stack.database;
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/projects');
    await page.getByText('New project').click();
    const create = page.getByRole('form', { name: 'New project' });
    await create.getByLabel('Name').fill('Finance');
    await create.getByLabel('Description').fill('Money matters');
    await create.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Finance' }).waitFor();
    const project = await db.project.findFirstOrThrow({ where: { name: 'Finance' } });

    await page.getByText('New workflow set').click();
    const newSet = page.getByRole('form', { name: 'New workflow set' });
    await newSet.getByLabel('Name').fill('Payments');
    await newSet.getByRole('button', { name: 'Add workflow set' }).click();
    const set = page.getByRole('form', { name: 'Workflow set Payments' });
    await set.getByLabel('Name').fill('Invoices');
    await set.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('form', { name: 'Workflow set Invoices' })
      .getByRole('status')
      .filter({ hasText: 'Saved' })
      .waitFor();
    expect(await db.workflowSet.findMany({ where: { projectId: project.id }, select: { name: true } })).toEqual([
      { name: 'Invoices' },
    ]);

    await pickUser(page, 'Add a user', 'grace', 'Grace Target (grace.target@example.test)');
    await page.getByRole('button', { name: 'Add to project' }).click();
    const members = page.getByRole('table', { name: 'Project members' });
    await members.getByRole('button', { name: 'Make owner' }).first().waitFor();
    const graceRow = members.getByRole('row').filter({ hasText: 'Grace Target' });
    await graceRow.getByRole('button', { name: 'Make owner' }).click();
    await graceRow.getByRole('button', { name: 'Make member' }).waitFor();
    expect(
      await db.projectMember.findFirstOrThrow({ where: { projectId: project.id, userId: target.id } }),
    ).toMatchObject({ role: 'owner' });

    // A business role: an expiry the API refuses is shown under its field; granted and revoked.
    await page.goto(stack.url('/roles'));
    await page.getByText('New business role').click();
    const roleForm = page.getByRole('form', { name: 'New business role' });
    await roleForm.getByLabel('Name').fill('Auditor');
    await roleForm.getByLabel('Assignments expire after (days)').fill('0');
    await roleForm.getByRole('button', { name: 'Create business role' }).click();
    await roleForm.locator('#role-expires-error').waitFor();
    await roleForm.getByLabel('Assignments expire after (days)').fill('30');
    await roleForm.getByRole('button', { name: 'Create business role' }).click();
    await page.getByRole('heading', { name: /^Auditor/ }).waitFor();
    const role = await db.businessRole.findFirstOrThrow({ where: { name: 'Auditor' } });
    expect(role.expiresAfterDays).toBe(30);

    await pickUser(page, 'Grant to', 'grace', 'Grace Target (grace.target@example.test)');
    await page.getByRole('button', { name: 'Grant role' }).click();
    await page.getByRole('status').filter({ hasText: 'Role granted.' }).waitFor();
    const holders = page.getByRole('table', { name: 'Holders' });
    await holders.getByText('Grace Target (grace.target@example.test)').waitFor();
    expect(await db.roleAssignment.findFirstOrThrow({ where: { roleId: role.id, userId: target.id } })).toMatchObject({
      status: 'active',
    });
    await holders.getByRole('button', { name: 'Revoke' }).click();
    await holders.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByRole('status').filter({ hasText: 'Role revoked.' }).waitFor();
    expect(await db.roleAssignment.findFirstOrThrow({ where: { roleId: role.id, userId: target.id } })).toMatchObject({
      status: 'revoked',
    });

    // An entitlement whose command is missing is refused under that command.
    await page.goto(stack.url('/entitlements'));
    await page.getByText('New entitlement').click();
    const entitlement = page.getByRole('form', { name: 'New entitlement' });
    await entitlement.getByLabel('Name').fill('vpn');
    await entitlement.getByLabel('Connector').selectOption('test-activedirectory');
    await entitlement.getByLabel('Deprovision command').fill('removeFromGroup');
    await entitlement.getByRole('button', { name: 'Create entitlement' }).click();
    await entitlement.locator('#entitlement-provision-command-error').waitFor();
    await entitlement.getByLabel('Provision command (required)', { exact: true }).fill('addToGroup');
    await entitlement.getByLabel('Provision parameters (JSON)', { exact: true }).fill('{"groupName": "vpn-users"}');
    await entitlement.getByRole('button', { name: 'Create entitlement' }).click();
    await page.getByRole('heading', { name: /^vpn/ }).waitFor();
    expect(await db.entitlement.findFirstOrThrow({ where: { name: 'vpn' } })).toMatchObject({
      provisionConfig: { command: 'addToGroup', parameters: { groupName: 'vpn-users' } },
    });
    await page.context().close();
  });

  it('offers an approver reading but no changes, and no user pages; on a phone, without sideways scrolling', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver'], '/admin', VIEWPORTS.phone);
    const listed = page.getByRole('main').getByRole('listitem').getByRole('link');
    await listed.first().waitFor();
    expect(await listed.allTextContents()).toEqual([
      'Groups',
      'Organizations',
      'Projects',
      'Business roles',
      'Entitlements',
      'Templates',
      'API tokens',
    ]);
    await page.goto(stack.url('/groups?search=Auditors'));
    await page.getByRole('link', { name: 'Auditors' }).click();
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await page.getByText('No members.').waitFor();
    for (const offered of ['Add member', 'Delete group', 'Save']) {
      expect(await page.getByRole('button', { name: offered }).count()).toBe(0);
    }
    await page.goto(stack.url('/organizations?search=Acme Labs'));
    await page.getByRole('link', { name: 'Acme Labs' }).click();
    await page.getByRole('heading', { name: 'Members and their roles' }).waitFor();
    expect(await page.getByRole('form', { name: 'Organization' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change role' }).count()).toBe(0);
    await page.goto(stack.url('/roles'));
    await page.getByLabel('Name', { exact: true }).fill('Auditor');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction("location.search === '?search=Auditor'");
    await page.getByRole('link', { name: 'Auditor' }).click();
    await page.getByRole('heading', { name: 'Holders' }).waitFor();
    expect(await page.getByRole('button', { name: 'Grant role' }).count()).toBe(0);
    await page.goto(stack.url('/users'));
    await page.getByRole('heading', { name: 'Not available' }).waitFor();
    for (const pathname of ['/admin', '/groups', '/organizations', '/projects', '/roles', '/entitlements']) {
      await page.goto(stack.url(pathname));
      await page.locator('section.page h1').waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect({ pathname, overflow }).toEqual({ pathname, overflow: 0 });
    }
    await page.context().close();
  });
});
