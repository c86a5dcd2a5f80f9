import { describe, expect, it } from '@jest/globals';
import { applyPatch, normalisePatchRequest, splitMemberOperations } from '../../src/scim/patch.js';
import { GROUP_ATTRIBUTES, GROUP_SCHEMA, USER_ATTRIBUTES, USER_SCHEMA } from '../../src/scim/schemas.js';
import { scimFixture } from '../support/scim.js';

const userOps = (body: unknown) => normalisePatchRequest(body, USER_ATTRIBUTES, USER_SCHEMA);
const groupOps = (body: unknown) => normalisePatchRequest(body, GROUP_ATTRIBUTES, GROUP_SCHEMA);
const patchOf = (...Operations: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations,
});

function scimErrorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error as { status: number; scimType?: string };
  }
  throw new Error('expected a SCIM error');
}

const alice = {
  userName: 'alice@example.test',
  name: { givenName: 'Alice', familyName: 'Smith' },
  emails: [{ value: 'alice@example.test', type: 'work', primary: true }],
  active: true,
};

describe('op names are case-insensitive and "True"/"False" strings are booleans (Entra)', () => {
  it('applies Replace active "False"', () => {
    expect(applyPatch(alice, userOps(scimFixture('entra-patch-user-disable'))).active).toBe(false);
    expect(applyPatch({ ...alice, active: false }, userOps(scimFixture('entra-patch-user-enable'))).active).toBe(true);
  });

  it('refuses unknown ops with invalidSyntax and non-boolean active with invalidValue', () => {
    expect(scimErrorOf(() => userOps(patchOf({ op: 'merge', path: 'active', value: true })))).toMatchObject({
      scimType: 'invalidSyntax',
    });
    const ops = userOps(patchOf({ op: 'replace', path: 'active', value: 'maybe' }));
    expect(scimErrorOf(() => applyPatch(alice, ops))).toMatchObject({ scimType: 'invalidValue' });
  });
});

describe('value objects without a path', () => {
  it("replaces each attribute of Okta's { active: false }", () => {
    expect(applyPatch(alice, userOps(scimFixture('okta-patch-user-deactivate'))).active).toBe(false);
  });

  it("treats Entra's dotted and filtered keys as paths", () => {
    const result = applyPatch(
      alice,
      userOps(scimFixture('entra-patch-user-value-object', { email: 'new@example.test' })),
    );
    expect(result).toMatchObject({
      displayName: 'Updated Display Name',
      name: { givenName: 'Updated', familyName: 'Smith' },
      emails: [{ value: 'new@example.test', type: 'work', primary: true }],
      active: false,
    });
  });

  it('merges sub-attributes of complex attributes, leaving the others', () => {
    const result = applyPatch(alice, userOps(patchOf({ op: 'replace', value: { name: { familyName: 'Jones' } } })));
    expect(result.name).toEqual({ givenName: 'Alice', familyName: 'Jones' });
  });
});

describe('paths', () => {
  it('sets filtered values, and creates a typed value that is missing', () => {
    const ops = userOps(patchOf({ op: 'replace', path: 'phoneNumbers[type eq "mobile"].value', value: '+1 555' }));
    expect(applyPatch(alice, ops).phoneNumbers).toEqual([{ type: 'mobile', value: '+1 555' }]);
  });

  it('removes filtered values', () => {
    const ops = userOps(patchOf({ op: 'remove', path: 'emails[type eq "work"]' }));
    expect(applyPatch(alice, ops).emails).toEqual([]);
  });

  it('writes enterprise extension attributes by URN path', () => {
    const ops = userOps(scimFixture('entra-patch-user-attributes', { email: 'x@example.test' }));
    const result = applyPatch(alice, ops);
    expect(result['urn:ietf:params:scim:schemas:extension:enterprise:2.0:User']).toEqual({ department: 'Sales' });
    expect(result.name).toEqual({ givenName: 'Alice', familyName: 'updatedFamilyName' });
    expect(result.emails).toEqual([{ value: 'x@example.test', type: 'work', primary: true }]);
  });

  it('refuses unknown attributes with invalidPath', () => {
    expect(scimErrorOf(() => userOps(patchOf({ op: 'replace', path: 'roles', value: 'admin' })))).toMatchObject({
      status: 400,
      scimType: 'invalidPath',
    });
    expect(scimErrorOf(() => userOps(patchOf({ op: 'replace', path: 'name.nickname', value: 'x' })))).toMatchObject({
      scimType: 'invalidPath',
    });
    expect(scimErrorOf(() => userOps(patchOf({ op: 'replace', path: 'password', value: 'x' })))).toMatchObject({
      scimType: 'invalidPath',
    });
  });

  it('refuses remove without a path with noTarget, and a filter matching nothing with noTarget', () => {
    expect(scimErrorOf(() => userOps(patchOf({ op: 'remove' })))).toMatchObject({ scimType: 'noTarget' });
    const ops = userOps(patchOf({ op: 'replace', path: 'emails[value eq "none@example.test"].type', value: 'home' }));
    expect(scimErrorOf(() => applyPatch(alice, ops))).toMatchObject({ scimType: 'noTarget' });
  });

  it('refuses value filters that are no valid or storable string with invalidPath', () => {
    for (const filterValue of ['"\\x"', '"\\u0000"', '"\\ud800"']) {
      const path = `emails[type eq ${filterValue}].value`;
      expect({ path, error: scimErrorOf(() => userOps(patchOf({ op: 'add', path, value: 'a@b.co' }))) }).toMatchObject({
        path,
        error: { status: 400, scimType: 'invalidPath' },
      });
    }
  });

  it('reads true and false in any case in a value filter', () => {
    const ops = userOps(patchOf({ op: 'replace', path: 'emails[primary eq True].type', value: 'home' }));
    expect(applyPatch(alice, ops).emails).toEqual([{ value: 'alice@example.test', type: 'home', primary: true }]);
  });

  it('refuses read-only attributes with mutability', () => {
    expect(scimErrorOf(() => userOps(patchOf({ op: 'replace', path: 'id', value: 'x' })))).toMatchObject({
      scimType: 'mutability',
    });
  });
});

describe('group member operations', () => {
  it('adds (Entra, Okta) and removes with a value list (Entra) or a members[value eq] path (Okta)', () => {
    const add = splitMemberOperations(groupOps(scimFixture('entra-patch-group-add-member', { userId: 'u1' })));
    expect(add.members).toEqual({ kind: 'delta', add: new Set(['u1']), remove: new Set() });
    const removeList = splitMemberOperations(
      groupOps(scimFixture('entra-patch-group-remove-member', { userId: 'u1' })),
    );
    expect(removeList.members).toEqual({ kind: 'delta', add: new Set(), remove: new Set(['u1']) });
    const removePath = splitMemberOperations(groupOps(scimFixture('okta-patch-group-remove-member', { userId: 'u2' })));
    expect(removePath.members).toEqual({ kind: 'delta', add: new Set(), remove: new Set(['u2']) });
  });

  it('replaces members, and remove without a value clears them', () => {
    const replaced = splitMemberOperations(
      groupOps(scimFixture('okta-patch-group-replace-members', { userId: 'u3', email: 'u3@example.test' })),
    );
    expect(replaced.members).toEqual({ kind: 'replace', members: new Set(['u3']) });
    expect(splitMemberOperations(groupOps(patchOf({ op: 'remove', path: 'members' }))).members).toEqual({
      kind: 'replace',
      members: new Set(),
    });
  });

  it('keeps the order of operations: add then remove of one member cancels out', () => {
    const ops = groupOps(
      patchOf(
        { op: 'add', path: 'members', value: [{ value: 'a' }, { value: 'b' }] },
        { op: 'remove', path: 'members[value eq "a"]' },
      ),
    );
    expect(splitMemberOperations(ops).members).toEqual({ kind: 'delta', add: new Set(['b']), remove: new Set(['a']) });
  });

  it('passes displayName changes through, ignoring the id Okta repeats in the value object', () => {
    const { members, others } = splitMemberOperations(
      groupOps(scimFixture('okta-patch-group-rename', { groupId: 'g1', displayName: 'Renamed' })),
    );
    expect(members).toEqual({ kind: 'none' });
    expect(applyPatch({ displayName: 'Old' }, others)).toEqual({ displayName: 'Renamed' });
  });
});

describe('the enterprise extension as a whole is a path (RFC 7644 3.5.2)', () => {
  const enterprise = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
  const withExtension = { ...alice, [enterprise]: { department: 'Finance', employeeNumber: '7' } };

  it('removes it by its URN', () => {
    expect(applyPatch(withExtension, userOps(patchOf({ op: 'remove', path: enterprise })))).toEqual(alice);
  });

  it('merges a value object into it, with or without a path', () => {
    const expected = { ...alice, [enterprise]: { department: 'Sales', employeeNumber: '7' } };
    const replace = patchOf({ op: 'replace', path: enterprise, value: { department: 'Sales' } });
    expect(applyPatch(withExtension, userOps(replace))).toEqual(expected);
    const valueObject = patchOf({ op: 'replace', value: { [enterprise]: { department: 'Sales' } } });
    expect(applyPatch(withExtension, userOps(valueObject))).toEqual(expected);
  });
});

describe('values are checked before they reach the database', () => {
  it('refuses NUL characters and over-long indexed values with invalidValue', () => {
    for (const [path, value] of [
      ['title', 'a\u0000b'],
      ['name.givenName', '\u0000'],
      ['userName', `${'a'.repeat(250)}@example.test`],
      ['emails[type eq "work"].value', `${'a'.repeat(256)}`],
    ]) {
      const ops = userOps(patchOf({ op: 'replace', path, value }));
      expect(scimErrorOf(() => applyPatch(alice, ops))).toMatchObject({ status: 400, scimType: 'invalidValue' });
    }
  });

  it('refuses a bare string as a value of a multi-valued attribute', () => {
    const ops = userOps(patchOf({ op: 'add', path: 'emails', value: 'x' }));
    expect(scimErrorOf(() => applyPatch(alice, ops))).toMatchObject({ scimType: 'invalidValue' });
  });
});
