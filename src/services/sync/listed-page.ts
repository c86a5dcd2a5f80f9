import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import type { ListedResource } from '../../connectors/handler.js';
import { listedResourceSchema } from '../../domain/sync.js';
import { withHashes, type HashedResource } from './record-store.js';

/** A page of a list command, checked, with the hash of each record. */
export interface ListedPage {
  resources: ListedResource[];
  nextCursor?: string;
  hashed: HashedResource[];
}

/** What a list command must answer around its records (spec 2.7). */
const pageEnvelopeSchema = z.object({
  resources: z.array(z.unknown()),
  nextCursor: z.string().max(10_000).optional(),
});

const sliceSchema = z.array(listedResourceSchema);

/**
 * Records checked and hashed between two turns of the event loop. A pass writes one page while it
 * checks the next; in slices, the answers of the database for the page being written are read
 * as they come instead of waiting behind the whole of the next page.
 */
const SLICE = 250;

/**
 * Checks a list command's answer record by record (spec 2.7) and hashes each record; answers the
 * problems, each with its path (`resources.12.email: ...`), when the page is invalid.
 */
export async function checkListedPage(
  payload: unknown,
): Promise<{ success: true; page: ListedPage } | { success: false; problems: string }> {
  const envelope = pageEnvelopeSchema.safeParse(payload);
  if (!envelope.success) return { success: false, problems: describe(envelope.error.issues, []) };
  const resources: ListedResource[] = [];
  const hashed: HashedResource[] = [];
  for (let offset = 0; offset < envelope.data.resources.length; offset += SLICE) {
    if (offset > 0) await nextTurn();
    const slice = sliceSchema.safeParse(envelope.data.resources.slice(offset, offset + SLICE));
    if (!slice.success) return { success: false, problems: describe(slice.error.issues, ['resources'], offset) };
    resources.push(...slice.data);
    hashed.push(...withHashes(slice.data));
  }
  const { nextCursor } = envelope.data;
  return { success: true, page: { resources, hashed, ...(nextCursor === undefined ? {} : { nextCursor }) } };
}

function describe(issues: readonly z.core.$ZodIssue[], prefix: string[], offset = 0): string {
  return issues
    .map((issue) => {
      const [index, ...rest] = issue.path;
      const path = prefix.length === 0 ? issue.path : [...prefix, Number(index) + offset, ...rest];
      return `${path.map(String).join('.')}: ${issue.message}`;
    })
    .join('; ');
}
