import { ConnectorError } from '../connector-error.js';
import type { CellValue, ColumnDefinition, Row, TableDefinition } from './relational-data.js';

/**
 * The in-memory tables of test-db and the constraints a real database enforces: column types,
 * NOT NULL, primary key and UNIQUE columns, and foreign keys (checked on insert and update,
 * restricting deletes). Statements are structured objects; no SQL text is ever parsed or run.
 * Each write is all or nothing. Error messages follow PostgreSQL's wording.
 */

export type Where = Record<string, unknown>;

export interface OrderBy {
  column: string;
  direction: 'asc' | 'desc';
}

export interface SelectStatement {
  table: string;
  where?: Where;
  columns?: readonly string[];
  orderBy?: readonly OrderBy[];
  limit: number;
  offset: number;
}

interface Table {
  definition: TableDefinition;
  columns: ReadonlyMap<string, ColumnDefinition>;
  rows: Row[];
  nextId: number;
}

export class RelationalStore {
  private readonly tables = new Map<string, Table>();

  constructor(definitions: readonly TableDefinition[], seededRows: ReadonlyMap<string, readonly Row[]>) {
    for (const definition of definitions) {
      const rows = (seededRows.get(definition.name) ?? []).map((row) => ({ ...row }));
      const ids = rows.map((row) => row[definition.primaryKey]).filter((id): id is number => typeof id === 'number');
      this.tables.set(definition.name, {
        definition,
        columns: new Map(definition.columns.map((column) => [column.name, column])),
        rows,
        nextId: Math.max(0, ...ids) + 1,
      });
    }
  }

  /** Every table's definition and row count. */
  describe(): { definition: TableDefinition; rowCount: number }[] {
    return [...this.tables.values()].map((table) => ({ definition: table.definition, rowCount: table.rows.length }));
  }

  select(statement: SelectStatement): { rows: Row[]; totalCount: number } {
    const table = this.table(statement.table);
    const matches = this.matcher(table, statement.where ?? {});
    const columns = statement.columns?.length ? statement.columns : table.definition.columns.map(({ name }) => name);
    for (const column of columns) this.column(table, column);
    const orderBy = statement.orderBy?.length
      ? statement.orderBy
      : [{ column: table.definition.primaryKey, direction: 'asc' as const }];
    for (const { column } of orderBy) this.column(table, column);

    const selected = table.rows.filter(matches).sort((left, right) => compareRows(left, right, orderBy));
    const page = selected.slice(statement.offset, statement.offset + statement.limit);
    return {
      rows: page.map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? null]))),
      totalCount: selected.length,
    };
  }

  /** Inserts all rows or none; returns them as stored, generated keys included. */
  insert(tableName: string, values: readonly Record<string, unknown>[]): Row[] {
    const table = this.table(tableName);
    const { primaryKey } = table.definition;
    let nextId = table.nextId;
    const inserted: Row[] = [];
    for (const value of values) {
      const row: Row = {};
      for (const [name, cell] of Object.entries(value))
        row[this.column(table, name).name] = this.cell(table, name, cell);
      if (row[primaryKey] === undefined || row[primaryKey] === null) row[primaryKey] = nextId;
      for (const column of table.definition.columns) {
        row[column.name] ??= null;
        if (row[column.name] === null && !column.nullable)
          throw new ConnectorError(
            'constraint_violation',
            `null value in column "${column.name}" of relation "${tableName}" violates not-null constraint`,
          );
      }
      const id = row[primaryKey];
      if (typeof id === 'number') nextId = Math.max(nextId, id + 1);
      inserted.push(row);
    }
    const after = [...table.rows, ...inserted];
    this.checkUnique(table, after);
    // Foreign keys may point at rows of this same statement (a new employee managed by another new one).
    for (const row of inserted) this.checkForeignKeys(table, row, after);
    table.rows = after;
    table.nextId = nextId;
    return inserted.map((row) => ({ ...row }));
  }

  /** Updates every matching row or none; returns how many rows matched. */
  update(tableName: string, where: Where, changes: Record<string, unknown>): number {
    const table = this.table(tableName);
    const matches = this.matcher(table, where);
    const set: Row = {};
    for (const [name, cell] of Object.entries(changes)) {
      const column = this.column(table, name);
      if (column.name === table.definition.primaryKey)
        throw new ConnectorError('constraint_violation', `the primary key column "${name}" cannot be updated`);
      const value = this.cell(table, name, cell);
      if (value === null && !column.nullable)
        throw new ConnectorError(
          'constraint_violation',
          `null value in column "${name}" of relation "${tableName}" violates not-null constraint`,
        );
      set[column.name] = value;
    }
    const updated: Row[] = [];
    const after = table.rows.map((row) => {
      if (!matches(row)) return row;
      const changed = { ...row, ...set };
      updated.push(changed);
      return changed;
    });
    this.checkUnique(table, after);
    for (const row of updated) this.checkForeignKeys(table, row, after);
    table.rows = after;
    return updated.length;
  }

  /** Deletes every matching row or none; returns how many rows matched. */
  delete(tableName: string, where: Where): number {
    const table = this.table(tableName);
    const matches = this.matcher(table, where);
    const { primaryKey } = table.definition;
    const deletedIds = new Set(table.rows.filter(matches).map((row) => row[primaryKey]));
    if (deletedIds.size === 0) return 0;
    for (const other of this.tables.values()) {
      for (const column of other.definition.columns) {
        if (column.references?.table !== tableName) continue;
        const blocking = other.rows.find(
          (row) =>
            deletedIds.has(row[column.name] ?? null) && !(other === table && deletedIds.has(row[primaryKey] ?? null)),
        );
        if (blocking)
          throw new ConnectorError(
            'constraint_violation',
            `delete on table "${tableName}" violates foreign key "${other.definition.name}.${column.name}": ` +
              `row ${blocking[other.definition.primaryKey]} of "${other.definition.name}" still references it`,
          );
      }
    }
    table.rows = table.rows.filter((row) => !matches(row));
    return deletedIds.size;
  }

  private table(name: string): Table {
    const table = this.tables.get(name);
    if (!table)
      throw new ConnectorError(
        'not_found',
        `relation "${name}" does not exist; tables: ${[...this.tables.keys()].join(', ')}`,
      );
    return table;
  }

  private column(table: Table, name: string): ColumnDefinition {
    const column = table.columns.get(name);
    if (!column)
      throw new ConnectorError(
        'invalid_parameters',
        `column "${name}" of relation "${table.definition.name}" does not exist; columns: ${[...table.columns.keys()].join(', ')}`,
      );
    return column;
  }

  /** A checked, normalized cell value for the column. */
  private cell(table: Table, columnName: string, value: unknown): CellValue {
    const column = this.column(table, columnName);
    if (value === null) return null;
    const mismatch = (): ConnectorError =>
      new ConnectorError(
        'invalid_parameters',
        `invalid input for column "${columnName}" of type ${column.type}: ${JSON.stringify(value)}`,
      );
    switch (column.type) {
      case 'integer':
        if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw mismatch();
        return value;
      case 'text':
        if (typeof value !== 'string') throw mismatch();
        return value;
      case 'boolean':
        if (typeof value !== 'boolean') throw mismatch();
        return value;
      case 'date': {
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw mismatch();
        const ms = Date.parse(`${value}T00:00:00Z`);
        if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) throw mismatch();
        return value;
      }
      case 'timestamp': {
        const ms = typeof value === 'string' ? Date.parse(value) : NaN;
        if (Number.isNaN(ms)) throw mismatch();
        return new Date(ms).toISOString();
      }
    }
  }

  /** `where` as a row test: every column equal, `null` meaning IS NULL. */
  private matcher(table: Table, where: Where): (row: Row) => boolean {
    const conditions = Object.entries(where).map(([name, value]) => [name, this.cell(table, name, value)] as const);
    return (row) => conditions.every(([name, value]) => (row[name] ?? null) === value);
  }

  private checkUnique(table: Table, rows: readonly Row[]): void {
    const uniqueColumns = table.definition.columns.filter(
      (column) => column.unique || column.name === table.definition.primaryKey,
    );
    for (const column of uniqueColumns) {
      const seen = new Set<CellValue>();
      for (const row of rows) {
        const value = row[column.name] ?? null;
        if (value === null) continue;
        if (seen.has(value)) {
          const kind = column.name === table.definition.primaryKey ? 'primary key' : 'unique constraint';
          throw new ConnectorError(
            'already_exists',
            `duplicate key value violates ${kind} of "${table.definition.name}": (${column.name})=(${String(value)}) already exists`,
          );
        }
        seen.add(value);
      }
    }
  }

  private checkForeignKeys(table: Table, row: Row, ownRows: readonly Row[]): void {
    for (const column of table.definition.columns) {
      const value = row[column.name] ?? null;
      if (!column.references || value === null) continue;
      const target =
        column.references.table === table.definition.name ? ownRows : this.table(column.references.table).rows;
      const { column: targetColumn, table: targetTable } = column.references;
      if (!target.some((candidate) => candidate[targetColumn] === value))
        throw new ConnectorError(
          'constraint_violation',
          `insert or update on table "${table.definition.name}" violates foreign key "${column.name}": ` +
            `(${column.name})=(${String(value)}) is not present in table "${targetTable}"`,
        );
    }
  }
}

function compareRows(left: Row, right: Row, orderBy: readonly OrderBy[]): number {
  for (const { column, direction } of orderBy) {
    const compared = compareCells(left[column] ?? null, right[column] ?? null);
    if (compared !== 0) return direction === 'asc' ? compared : -compared;
  }
  return 0;
}

/** Ascending order with NULLs last, as PostgreSQL sorts by default. */
function compareCells(left: CellValue, right: CellValue): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left) < String(right) ? -1 : 1;
}
