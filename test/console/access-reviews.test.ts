import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, signInWithProvider, useChromium, useConsoleStack, type SignedIn } from '../support/chromium.js';
import { pollUntil } from '../support/poll.js';
import { createUserWithToken } from '../support/users.js';

// Access reviews in the console (docs/console.md, "Access reviews") in Chromium against the real
// API, worker, PostgreSQL and OpenID provider, one campaign from start to end: an administrator
// creates it with the form and starts it, its reviewer reaches their queue from the inbox, reads
// the recommendations and decides, and the administrator closes it and downloads its report.
// Each step is checked in the database.

const stack = useConsoleStack();
const chromium = useChromium();
const db = () => stack.database.db;
let admin: { token: string; id: string; email: string };
let roleId: string;
// Both sign in once: the reviewer must exist before the campaign names them.
let reviewer: SignedIn;
let administrator: SignedIn;
const subjects: Record<'ann' | 'bob' | 'carl' | 'dan', string> = { ann: '', bob: '', carl: '', dan: '' };

beforeAll(async () => {
  const created = await createUserWithToken(db(), ['admin']);
  admin = { token: created.token, id: created.user.id, email: created.user.email! };
  await db().user.update({ where: { id: admin.id }, data: { displayName: 'Ada Admin' } });
  roleId = (await db().businessRole.create({ data: { name: 'Finance' } })).id;
  const person = async (displayName: string, department: string | null, active = true) => {
    const email = `${displayName.toLowerCase()}@reviews.test`;
    const user = await db().user.create({
      data: { email, activeEmail: email, displayName, department, active, roles: ['requestor'] },
    });
    await db().roleAssignment.create({
      data: { userId: user.id, roleId, status: 'active', grantedBy: admin.id },
    });
    return user.id;
  };
  subjects.ann = await person('Ann', 'Sales');
  subjects.bob = await person('Bob', null, false);
  subjects.carl = await person('Carl', null);
  subjects.dan = await person('Dan', null);
  // Ann's peers: four more in Sales, none of them holding Finance.
  for (const index of [1, 2, 3, 4]) {
    const email = `sales-${index}@reviews.test`;
    await db().user.create({ data: { email, activeEmail: email, department: 'Sales', roles: ['requestor'] } });
  }
  reviewer = await signInWithProvider(chromium.browser, stack, ['requestor']);
  administrator = await signInWithProvider(chromium.browser, stack, ['admin'], '/reviews');
});

const campaignId = async () =>
  (await db().accessReview.findFirstOrThrow({ where: { name: 'Quarterly review of Finance' } })).id;

/** Chooses a user in a picker: searches, then picks the option the search brings. */
async function pickUser(page: Page, picker: string, search: string, option: string) {
  await page.getByLabel(`${picker}: search users by email or name`).fill(search);
  await page.getByLabel(picker, { exact: true }).selectOption({ label: option });
}

describe('access reviews in the console', () => {
  it('lets an administrator create a campaign with the form, refused first with the API message, and start it', async () => {
    const { page } = administrator;
    await page.getByRole('heading', { name: 'Access reviews' }).waitFor();
    await page.getByText('New campaign', { exact: true }).click();
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByRole('textbox', { name: 'Name (required)' }).fill('Quarterly review of Finance');
    await form.getByLabel('Description').fill('Who still needs Finance');
    const { user } = reviewer;
    await pickUser(page, 'Reviewer', user.activeEmail ?? '', `${user.displayName} (${user.email ?? user.id})`);
    await form.getByRole('button', { name: 'Add reviewer' }).click();
    await form.getByLabel('Due in days').fill('7');
    // Nothing to review yet: the API's refusal shows, and nothing is saved.
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await form.getByRole('alert').filter({ hasText: 'scope must name at least one kind of access' }).waitFor();
    expect(await db().accessReview.count()).toBe(0);

    await form.getByLabel('Business roles to review').fill('Finance');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Quarterly review of Finance' }).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByLabel('Progress').filter({ hasText: '0 of 4 decided' }).waitFor();
    expect(await page.getByText('active', { exact: true }).count()).toBe(1);
    const saved = await db().accessReview.findFirstOrThrow({ where: { name: 'Quarterly review of Finance' } });
    expect(saved).toMatchObject({
      status: 'active',
      dueInDays: 7,
      reviewers: { type: 'users', userIds: [reviewer.user.id] },
    });
    expect(await db().accessReviewItem.count({ where: { reviewId: saved.id, reviewerId: reviewer.user.id } })).toBe(4);
    await screenshot(page, 'review');
  });

  it('leads a reviewer from the inbox to their queue: recommendations, bulk revoke with a comment, keep one, delegate one', async () => {
    const { page } = reviewer;
    await page.reload();
    await page.getByRole('link', { name: '4 access review items wait for you' }).click();
    await page.waitForURL(stack.url('/reviews/mine'));
    const table = page.getByRole('table', { name: 'Items of Quarterly review of Finance' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    await row('Ann').waitFor();
    expect(await row('Ann').textContent()).toContain('Few peers: 0 of 4 peers in Sales hold this access');
    expect(await row('Bob').textContent()).toContain('Deactivated: the person is deactivated');
    expect(await row('Carl').textContent()).toMatch(/Granted \S+, \S+ \S+ by Ada Admin/);
    await screenshot(page, 'reviews-mine');

    // A revoke without a comment is refused with the API's message, and nothing is decided.
    await page.getByLabel('Select Ann: Finance').check();
    await page.getByLabel('Select Bob: Finance').check();
    await page.getByRole('button', { name: 'Revoke selected' }).click();
    await page.getByRole('alert').waitFor();
    expect(
      await db().accessReviewItem.count({ where: { reviewId: await campaignId(), decision: { not: null } } }),
    ).toBe(0);

    await page.getByLabel('Comment (required to revoke)').fill('Left finance in spring');
    await page.getByRole('button', { name: 'Revoke selected' }).click();
    await page.getByText('Revoked 2 items of Quarterly review of Finance').waitFor();
    await row('Ann').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Keep Carl: Finance' }).click();
    await page.getByText('Kept Carl: Finance').waitFor();

    // A requestor cannot search people: the delegate is given by email.
    await page.getByLabel('Delegate Dan: Finance').click();
    await page.getByLabel('Delegate to (email)').fill(admin.email);
    await page.getByLabel('Why').fill('Dan works for you now');
    await page.getByRole('button', { name: 'Delegate', exact: true }).click();
    await page.getByText('Delegated Dan: Finance').waitFor();
    await page.getByText('No access review items wait for you.').waitFor();

    const items = await db().accessReviewItem.findMany({ where: { reviewId: await campaignId() } });
    const bySubject = new Map(items.map((item) => [item.subjectUserId, item]));
    for (const revoked of [subjects.ann, subjects.bob])
      expect(bySubject.get(revoked)).toMatchObject({
        decision: 'revoke',
        comment: 'Left finance in spring',
        decidedBy: reviewer.user.id,
      });
    expect(bySubject.get(subjects.carl)).toMatchObject({ decision: 'keep', decidedBy: reviewer.user.id });
    expect(bySubject.get(subjects.dan)).toMatchObject({ decision: null, reviewerId: admin.id });
    expect(bySubject.get(subjects.dan)?.history).toMatchObject([
      { type: 'delegated', fromUserId: reviewer.user.id, toUserId: admin.id, comment: 'Dan works for you now' },
    ]);
  });

  it('shows the administrator the decisions, closes the campaign, removes what was revoked and downloads the report', async () => {
    const { page } = administrator;
    await page.reload();
    await page.getByLabel('Progress').filter({ hasText: '3 of 4 decided: 1 kept, 2 revoked, 1 pending' }).waitFor();
    await page.getByLabel('Decision').selectOption('revoke');
    const table = page.getByRole('table', { name: 'Items' });
    await table.getByRole('row').nth(2).waitFor();
    await pollUntil(
      () => table.getByRole('row').count(),
      (rows) => rows === 3,
      { timeoutMs: 5000, intervalMs: 50 },
    );
    expect(await table.textContent()).toContain('Left finance in spring');

    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Yes, close' }).click();
    await page.getByText('closed', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Progress').filter({ hasText: 'removals: 2 done' }).waitFor();
    const revoked = await db().roleAssignment.findMany({
      where: { roleId, userId: { in: [subjects.ann, subjects.bob] } },
    });
    expect(revoked.map((assignment) => assignment.status)).toEqual(['revoked', 'revoked']);
    // Dan was left undecided: the campaign's policy (keep) kept him.
    expect(await db().roleAssignment.findFirstOrThrow({ where: { roleId, userId: subjects.dan } })).toMatchObject({
      status: 'active',
    });

    // The report is fetched with the session's cookie and saved as a file.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report (CSV)' }).click(),
    ]);
    const csvText = await readFile((await csv.path()) ?? '', 'utf8');
    expect(csv.suggestedFilename()).toBe(`access-review-${await campaignId()}.csv`);
    expect(csvText).toContain('Left finance in spring');
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report (JSON)' }).click(),
    ]);
    const report = JSON.parse(await readFile((await json.path()) ?? '', 'utf8')) as { items: unknown[] };
    expect(report.items).toHaveLength(4);
    await page.getByRole('link', { name: 'Access reviews' }).click();
    await page.getByRole('table', { name: 'Campaigns' }).getByText('closed').waitFor();
    await screenshot(page, 'reviews');
  });
});
