/**
 * The organization tree of an import, as names: each organization's parent, or null for a root.
 * A document may hold tens of thousands of organizations, and these walks run before any write,
 * on the API's only thread: each organization is walked once, never once per ancestor.
 */
export type ParentsByName = ReadonlyMap<string, string | null>;

/** A cycle of parents, and where one of its members stands in it. */
export interface CycleMembership {
  cycle: readonly string[];
  position: number;
}

/**
 * The organizations that are their own ancestor, each with its cycle (shared by its members, so
 * a long cycle is held once). An organization below a cycle is not in one.
 */
export function parentCycles(parents: ParentsByName): Map<string, CycleMembership> {
  const cycles = new Map<string, CycleMembership>();
  const walked = new Set<string>();
  for (const start of parents.keys()) {
    const path: string[] = [];
    const positionOnPath = new Map<string, number>();
    let name: string | null | undefined = start;
    while (name && !walked.has(name) && !positionOnPath.has(name)) {
      positionOnPath.set(name, path.length);
      path.push(name);
      name = parents.get(name);
    }
    const cycleStart = name ? positionOnPath.get(name) : undefined;
    if (cycleStart !== undefined) {
      const cycle = path.slice(cycleStart);
      cycle.forEach((member, position) => cycles.set(member, { cycle, position }));
    }
    for (const visited of path) walked.add(visited);
  }
  return cycles;
}

/** How many names of a cycle its description lists before it says how long the cycle is. */
const NAMES_SHOWN = 10;

/** The cycle as read from its member, back to it: `A → B → A`, shortened when long. */
export function describeCycle({ cycle, position }: CycleMembership): string {
  const from = (offset: number) => cycle[(position + offset) % cycle.length]!;
  const shown = Array.from({ length: Math.min(cycle.length, NAMES_SHOWN) }, (_, offset) => from(offset));
  const rest = cycle.length > NAMES_SHOWN ? [`… (${cycle.length} organizations in all)`] : [];
  return [...shown, ...rest, from(0)].join(' → ');
}

/**
 * How many of each organization's ancestors are among `parents` (0 for a root, or for one whose
 * parent exists already): writing in this order writes every parent before its children.
 * `parents` holds no cycle (`parentCycles` is checked first).
 */
export function depthsInDocument(parents: ParentsByName): Map<string, number> {
  const depths = new Map<string, number>();
  for (const start of parents.keys()) {
    const path: string[] = [];
    let name: string | null | undefined = start;
    while (name && parents.has(name) && !depths.has(name)) {
      path.push(name);
      name = parents.get(name);
    }
    let depth = name && depths.has(name) ? depths.get(name)! + 1 : 0;
    for (const below of path.reverse()) depths.set(below, depth++);
  }
  return depths;
}
