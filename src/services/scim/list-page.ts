import type { ListPosition } from '../../scim/list-cursor.js';
import type { ListWindow } from '../../scim/list-query.js';

/**
 * The rows of one list page, in the lists' order (creation time, then id): skipped to `startIndex`
 * for a page by index, or after the cursor's position for a page by cursor, reading one row more
 * than asked to learn whether another page follows.
 */
export function pageQuery(window: ListWindow) {
  if (window.kind === 'index') return { where: {}, skip: window.startIndex - 1, take: window.count };
  const after = window.after;
  return {
    where: after
      ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
      : {},
    skip: 0,
    take: window.count + 1,
  };
}

/** The page's rows, and for a page by cursor the position the next page follows when there is one. */
export function pageOfRows<T extends ListPosition>(rows: T[], window: ListWindow): { rows: T[]; next?: ListPosition } {
  if (window.kind === 'index' || rows.length <= window.count) return { rows };
  const page = rows.slice(0, window.count);
  const last = page.at(-1)!;
  return { rows: page, next: { createdAt: last.createdAt, id: last.id } };
}
