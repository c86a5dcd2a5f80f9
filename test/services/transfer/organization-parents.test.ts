import { describe, expect, it } from '@jest/globals';
import { depthsInDocument, describeCycle, parentCycles } from '../../../src/services/transfer/organization-parents.js';

/** `count` organizations `o0 ← o1 ← … `, each the parent of the next; `o0`'s parent is `root`. */
function chain(count: number, root: string | null = null): Map<string, string | null> {
  return new Map(Array.from({ length: count }, (_, index) => [`o${index}`, index === 0 ? root : `o${index - 1}`]));
}

describe('parentCycles', () => {
  const describedCycles = (parents: Map<string, string | null>) =>
    Object.fromEntries([...parentCycles(parents)].map(([name, membership]) => [name, describeCycle(membership)]));

  it('names each member of a cycle with the cycle as read from it, and not the organizations below it', () => {
    const parents = new Map<string, string | null>([
      ['A', 'C'],
      ['B', 'A'],
      ['C', 'B'],
      ['Below', 'A'],
      ['Root', null],
      ['Child', 'Root'],
      ['Self', 'Self'],
    ]);
    expect(describedCycles(parents)).toEqual({
      A: 'A → C → B → A',
      B: 'B → A → C → B',
      C: 'C → B → A → C',
      Self: 'Self → Self',
    });
  });

  it('finds no cycle in a tree, also when parents are outside the document', () => {
    expect(parentCycles(chain(5, 'existing')).size).toBe(0);
  });

  it('walks a chain of 200,000 organizations closed into a cycle once, and shortens its description', () => {
    const cycles = parentCycles(chain(200_000, 'o199999'));
    expect(cycles.size).toBe(200_000);
    expect(describeCycle(cycles.get('o5')!)).toBe(
      'o5 → o4 → o3 → o2 → o1 → o0 → o199999 → o199998 → o199997 → o199996 → … (200000 organizations in all) → o5',
    );
  });
});

describe('depthsInDocument', () => {
  it('counts the ancestors inside the document, so parents sort before their children', () => {
    const parents = new Map<string, string | null>([
      ['Grandchild', 'Child'],
      ['Child', 'Top'],
      ['Top', 'existing elsewhere'],
      ['Alone', null],
    ]);
    expect(Object.fromEntries(depthsInDocument(parents))).toEqual({ Top: 0, Child: 1, Grandchild: 2, Alone: 0 });
  });

  it('gives a chain of 200,000 organizations, listed children first, their depths in order', () => {
    const parents = new Map([...chain(200_000)].reverse());
    const depths = depthsInDocument(parents);
    expect([depths.get('o0'), depths.get('o1'), depths.get('o199999')]).toEqual([0, 1, 199_999]);
  });
});
