import type { Database, DatabaseClient } from '../../db/client.js';
import { fetchPage, sortedById, type Page, type SortedPageQuery } from '../../domain/pagination.js';
import { containsIgnoringCase } from '../../domain/text-match.js';
import { notFound } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { withUniqueName } from '../unique-names.js';

/** The Prisma calls a kind of template is stored with, as both template tables answer them. */
interface TemplateTable<Row, Input> {
  findUnique(args: { where: { id: string } }): Promise<Row | null>;
  create(args: { data: Input }): Promise<Row>;
  update(args: { where: { id: string }; data: Input }): Promise<Row>;
  delete(args: { where: { id: string } }): Promise<unknown>;
  findMany(args: {
    where: { name?: ReturnType<typeof containsIgnoringCase> };
    orderBy: Array<Record<string, 'asc' | 'desc'>>;
    skip: number;
    take: number;
  }): Promise<Row[]>;
  count(args: { where: { name?: ReturnType<typeof containsIgnoringCase> } }): Promise<number>;
}

/** What sets one kind of template apart: its table, its names and its view. */
export interface TemplateKind<Row extends { id: string; name: string }, Input extends { name: string }, View> {
  /** The audit target type and action prefix: `document_template`. */
  type: string;
  /** `Document template`, for a 404. */
  label: string;
  /** `A document template`, for a 409 on a taken name. */
  nameTaken: string;
  table(db: DatabaseClient): TemplateTable<Row, Input>;
  view(row: Row): View;
  /** Runs in the write's transaction before the row is written (`keepId`: the row replaced). */
  beforeWrite?(tx: DatabaseClient, input: Input, keepId: string | null): Promise<void>;
}

export type TemplateListQuery = SortedPageQuery<'name' | 'createdAt'> & { search?: string };

/**
 * The operations the API and configuration import share for one kind of template: load, create,
 * replace and delete, each audited in its transaction, and a page of them.
 */
export function templateStore<Row extends { id: string; name: string }, Input extends { name: string }, View>(
  kind: TemplateKind<Row, Input, View>,
) {
  const target = (id: string) => ({ type: kind.type, id });

  async function load(db: DatabaseClient, id: string): Promise<Row> {
    const row = await kind.table(db).findUnique({ where: { id } });
    if (!row) throw notFound(kind.label);
    return row;
  }

  /** Inserts a template inside the caller's transaction (used by the API and by configuration import). */
  async function insert(tx: DatabaseClient, caller: Caller, input: Input): Promise<View> {
    await kind.beforeWrite?.(tx, input, null);
    const row = await kind.table(tx).create({ data: input });
    await auditChange(tx, caller, `${kind.type}.created`, target(row.id), { name: row.name });
    return kind.view(row);
  }

  /** Replaces a template inside the caller's transaction. */
  async function replace(tx: DatabaseClient, caller: Caller, id: string, input: Input): Promise<View> {
    const before = await load(tx, id);
    await kind.beforeWrite?.(tx, input, id);
    const row = await kind.table(tx).update({ where: { id }, data: input });
    await auditChange(tx, caller, `${kind.type}.updated`, target(id), { from: before.name, to: row.name });
    return kind.view(row);
  }

  return {
    load,
    insert,
    replace,
    create: (db: Database, caller: Caller, input: Input) =>
      withUniqueName(kind.nameTaken, input.name, () => db.$transaction((tx) => insert(tx, caller, input))),
    update: (db: Database, caller: Caller, id: string, input: Input) =>
      withUniqueName(kind.nameTaken, input.name, () => db.$transaction((tx) => replace(tx, caller, id, input))),
    async remove(db: Database, caller: Caller, id: string): Promise<void> {
      await db.$transaction(async (tx) => {
        const row = await load(tx, id);
        await kind.table(tx).delete({ where: { id } });
        await auditChange(tx, caller, `${kind.type}.deleted`, target(id), { name: row.name });
      });
    },
    /** A page of templates, by name or creation time, optionally filtered by a case-insensitive name match. */
    list(db: DatabaseClient, query: TemplateListQuery): Promise<Page<View>> {
      const where = query.search ? { name: containsIgnoringCase(query.search) } : {};
      return fetchPage(
        query,
        async (window) =>
          (await kind.table(db).findMany({ where, orderBy: sortedById(query), ...window })).map(kind.view),
        () => kind.table(db).count({ where }),
      );
    },
  };
}
