import { describe, expect, it } from '@jest/globals';
import { checkListedPage } from '../../../src/services/sync/listed-page.js';
import { recordHash } from '../../../src/services/sync/record-hash.js';
import { UNPAIRED_SURROGATE_MESSAGE } from '../../../src/domain/storable-text.js';

const user = (index: number) => ({
  externalId: `u${index}`,
  displayName: `User ${index}`,
  email: `u${index}@example.test`,
  attributes: { title: 'Engineer', memberOf: ['g1', 'g2'] },
});

const users = (count: number) => Array.from({ length: count }, (_, index) => user(index));

describe('a listed page is checked record by record and hashed', () => {
  it('answers every record of a page longer than one slice, each with its hash, and the cursor', async () => {
    const resources = users(620);
    const checked = await checkListedPage({ resources, nextCursor: 'next' });
    if (!checked.success) throw new Error(checked.problems);
    expect(checked.page.nextCursor).toBe('next');
    expect(checked.page.resources).toEqual(resources);
    expect(checked.page.hashed.map(({ hash }) => hash)).toEqual(resources.map(recordHash));
    expect(checked.page.hashed[619]!.resource).toBe(checked.page.resources[619]);
  });

  it('names each problem with its index in the page, also past the first slice', async () => {
    const resources: unknown[] = users(600);
    resources[260] = { ...user(260), attributes: { note: 'a\u0000b' } };
    resources[575] = { ...user(575), email: 42 };
    expect(await checkListedPage({ resources })).toEqual({
      success: false,
      problems:
        'resources.260.attributes: must not hold the NUL character (U+0000) or an unpaired surrogate (\\uD800–\\uDFFF) in any key or value',
    });
    resources[260] = { ...user(260), attributes: { ['k\udc00']: 'v' } };
    expect(await checkListedPage({ resources })).toMatchObject({
      problems: expect.stringMatching(/^resources\.260\.attributes: .*unpaired surrogate/),
    });
    resources[260] = { ...user(260), displayName: 'half \ud83d' };
    expect(await checkListedPage({ resources })).toEqual({
      success: false,
      problems: `resources.260.displayName: ${UNPAIRED_SURROGATE_MESSAGE}`,
    });
    resources[260] = user(260);
    expect(await checkListedPage({ resources })).toEqual({
      success: false,
      problems: 'resources.575.email: Invalid input: expected string, received number',
    });
  });

  it('refuses a page without a list of resources, or with an overlong cursor', async () => {
    expect(await checkListedPage({ items: [] })).toMatchObject({
      success: false,
      problems: expect.stringMatching(/^resources: /),
    });
    expect(await checkListedPage({ resources: [], nextCursor: 'c'.repeat(10_001) })).toMatchObject({
      success: false,
      problems: expect.stringMatching(/^nextCursor: /),
    });
  });
});
