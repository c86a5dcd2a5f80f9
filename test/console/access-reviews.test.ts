import { beforeAll, describe, expect, it } from '@jest/globals';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { createUserWithToken } from '../support/users.js';

// Access reviews in the console (docs/console.md, "Access reviews") in Chromium against the real
// API, worker, PostgreSQL and OpenID provider: a reviewer reaches their queue from the inbox,
// reads the recommendations and decides; what they decided is checked in the database.

const stack = useConsoleStack();
const chromium = useChromium();
const db = () => stack.database.db;
let admin: { token: string; id: string };
let roleId: string;
const subjects: Record<'ann' | 'bob' | 'carl' | 'dan', string> = { ann: '', bob: '', carl: '', dan: '' };

beforeAll(async () => {
  const created = await createUserWithToken(db(), ['admin']);
  admin = { token: created.token, id: created.user.id };
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
});

/** Creates and starts a campaign of the Finance role through the API, `reviewerId` reviewing. */
async function startedCampaign(name: string, reviewerId: string): Promise<string> {
  const created = await stack.api.request('POST', '/api/access-reviews', {
    token: admin.token,
    body: { name, scope: { businessRoles: ['Finance'] }, reviewers: { type: 'users', userIds: [reviewerId] } },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const started = await stack.api.request('POST', `/api/access-reviews/${id}/start`, { token: admin.token });
  expect(started.status).toBe(200);
  return id;
}

describe('access reviews in the console', () => {
  it('leads a reviewer from the inbox to their queue: recommendations, bulk revoke with a comment, keep one, delegate one', async () => {
    const { page, user: reviewer } = await signInWithProvider(chromium.browser, stack, ['requestor']);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    expect(await page.getByRole('link', { name: /access review/ }).count()).toBe(0);
    const campaignId = await startedCampaign('Quarterly review of Finance', reviewer.id);

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
    expect(await db().accessReviewItem.count({ where: { reviewId: campaignId, decision: { not: null } } })).toBe(0);

    await page.getByLabel('Comment (required to revoke)').fill('Left finance in spring');
    await page.getByRole('button', { name: 'Revoke selected' }).click();
    await page.getByText('Revoked 2 items of Quarterly review of Finance').waitFor();
    await row('Ann').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Keep Carl: Finance' }).click();
    await page.getByText('Kept Carl: Finance').waitFor();

    // A requestor cannot search people: the delegate is given by id.
    await page.getByLabel('Delegate Dan: Finance').click();
    await page.getByLabel('Delegate to (user id)').fill(admin.id);
    await page.getByLabel('Why').fill('Dan works for you now');
    await page.getByRole('button', { name: 'Delegate', exact: true }).click();
    await page.getByText('Delegated Dan: Finance').waitFor();
    await page.getByText('No access review items wait for you.').waitFor();

    const items = await db().accessReviewItem.findMany({ where: { reviewId: campaignId } });
    const bySubject = new Map(items.map((item) => [item.subjectUserId, item]));
    for (const revoked of [subjects.ann, subjects.bob])
      expect(bySubject.get(revoked)).toMatchObject({
        decision: 'revoke',
        comment: 'Left finance in spring',
        decidedBy: reviewer.id,
      });
    expect(bySubject.get(subjects.carl)).toMatchObject({ decision: 'keep', decidedBy: reviewer.id });
    expect(bySubject.get(subjects.dan)).toMatchObject({ decision: null, reviewerId: admin.id });
    expect(bySubject.get(subjects.dan)?.history).toMatchObject([
      { type: 'delegated', fromUserId: reviewer.id, toUserId: admin.id, comment: 'Dan works for you now' },
    ]);
  });
});
