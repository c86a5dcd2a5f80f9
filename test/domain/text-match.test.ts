import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { containsIgnoringCase, equalsIgnoringCase } from '../../src/domain/text-match.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [email, displayName] of [
    ['jxsmith@corp.example', 'a_b'],
    ['j_smith@corp.example', 'axb'],
    ['back\\slash@corp.example', '100%'],
  ])
    await database.db.user.create({ data: { email, displayName } });
});

afterAll(async () => {
  await database.drop();
});

const emailsWhere = async (where: object) =>
  (await database.db.user.findMany({ where, select: { email: true }, orderBy: { email: 'asc' } })).map(
    (user) => user.email,
  );

it('equals a text ignoring its case, with _ % and \\ taken literally', async () => {
  expect(await emailsWhere({ email: equalsIgnoringCase('J_SMITH@corp.example') })).toEqual(['j_smith@corp.example']);
  expect(await emailsWhere({ email: equalsIgnoringCase('%') })).toEqual([]);
  expect(await emailsWhere({ email: equalsIgnoringCase('BACK\\slash@corp.example') })).toEqual([
    'back\\slash@corp.example',
  ]);
});

it('contains a text ignoring its case, with _ and % taken literally', async () => {
  expect(await emailsWhere({ displayName: containsIgnoringCase('A_B') })).toEqual(['jxsmith@corp.example']);
  expect(await emailsWhere({ displayName: containsIgnoringCase('0%') })).toEqual(['back\\slash@corp.example']);
  expect(await emailsWhere({ displayName: containsIgnoringCase('%') })).toEqual(['back\\slash@corp.example']);
});
