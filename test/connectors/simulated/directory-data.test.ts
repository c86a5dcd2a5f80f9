import { describe, expect, it } from '@jest/globals';
import { DEFAULT_GROUP_COUNT, generateDirectory } from '../../../src/connectors/simulated/directory-data.js';
import { DEFAULT_USER_COUNT } from '../../../src/domain/simulated-directory.js';
import { generateRelationalData } from '../../../src/connectors/simulated/relational-data.js';

describe('the directory generator is deterministic', () => {
  it('gives the same people and groups for the same seed', () => {
    expect(generateDirectory({ users: 300, groups: 30, seed: 7 })).toEqual(
      generateDirectory({ users: 300, groups: 30, seed: 7 }),
    );
  });

  it('gives different people for another seed', () => {
    const first = generateDirectory({ seed: 1 }).people.map((person) => person.email);
    const second = generateDirectory({ seed: 2 }).people.map((person) => person.email);
    expect(first).not.toEqual(second);
  });

  it('keeps the relational data set deterministic too', () => {
    expect(generateRelationalData({ seed: 3 })).toEqual(generateRelationalData({ seed: 3 }));
  });
});

describe('the generated directory looks like a real organisation', () => {
  const directory = generateDirectory();
  const { people, groups } = directory;

  it('has a few hundred people and a couple dozen groups by default', () => {
    expect(people).toHaveLength(DEFAULT_USER_COUNT);
    expect(groups).toHaveLength(DEFAULT_GROUP_COUNT);
  });

  it('gives everyone a unique username and a first.last@example.test email', () => {
    expect(new Set(people.map((person) => person.username)).size).toBe(people.length);
    expect(new Set(people.map((person) => person.email)).size).toBe(people.length);
    for (const person of people) expect(person.email).toMatch(/^[a-z]+\.[a-z]+\d*@example\.test$/);
  });

  it('keeps the pinned people at known names', () => {
    const jdoe = people.find((person) => person.username === 'jdoe');
    expect(jdoe).toMatchObject({ displayName: 'John Doe', email: 'john.doe@example.test', department: 'Engineering' });
    expect(people.find((person) => person.username === 'jsmith')?.email).toBe('jane.smith@example.test');
  });

  it('forms one management hierarchy under the chief executive', () => {
    expect(people.filter((person) => person.managerIndex === null).map((person) => person.title)).toEqual([
      'Chief Executive Officer',
    ]);
    for (const person of people) {
      if (person.managerIndex === null) continue;
      // Managers always come earlier, so following managers ends at the top without cycles.
      expect(person.managerIndex).toBeLessThan(person.index);
      const manager = people[person.managerIndex]!;
      if (manager.managerIndex !== null) expect(manager.department).toBe(person.department);
    }
  });

  it('gives managers a manager title and keeps them enabled, and disables some others', () => {
    const managerIndexes = new Set(people.map((person) => person.managerIndex));
    const managers = people.filter((person) => managerIndexes.has(person.index));
    expect(managers.every((manager) => manager.enabled)).toBe(true);
    expect(managers.some((manager) => /Manager|Lead/.test(manager.title))).toBe(true);
    const disabled = people.filter((person) => !person.enabled).length;
    expect(disabled).toBeGreaterThan(0);
    expect(disabled).toBeLessThan(people.length / 5);
  });

  it('records each membership on both the person and the group', () => {
    for (const group of groups)
      for (const memberIndex of group.memberIndexes) expect(people[memberIndex]!.groupIndexes).toContain(group.index);
    for (const person of people) {
      expect(groups[person.groupIndexes[0]!]!.name).toBe(person.department.toLowerCase().replace(/ /g, '-'));
      for (const groupIndex of person.groupIndexes) expect(groups[groupIndex]!.memberIndexes).toContain(person.index);
    }
  });

  it('dates every record in the past, modification after creation', () => {
    for (const record of [...people, ...groups]) {
      expect(record.createdAt <= record.modifiedAt).toBe(true);
      expect(record.modifiedAt < '2025-01-01').toBe(true);
    }
  });
});

describe('the directory generator scales to sync benchmarks', () => {
  it('generates 200,000 unique users', () => {
    const { people, groups } = generateDirectory({ users: 200_000, groups: 500 });
    expect(people).toHaveLength(200_000);
    expect(groups).toHaveLength(500);
    expect(new Set(people.map((person) => person.username)).size).toBe(200_000);
  });

  it('refuses counts that are not sensible', () => {
    expect(() => generateDirectory({ users: -1 })).toThrow(RangeError);
    expect(() => generateDirectory({ users: 1.5 })).toThrow(RangeError);
  });

  it('still works for tiny directories', () => {
    expect(generateDirectory({ users: 0, groups: 0 })).toEqual({ seed: expect.any(Number), people: [], groups: [] });
    expect(generateDirectory({ users: 2, groups: 1 }).people.map((person) => person.managerIndex)).toEqual([null, 0]);
  });
});
