import type { JsonSchema } from '../handler.js';
import { ConnectorError } from '../connector-error.js';
import { defineSimulatedConnector, type SimulatedConnector } from './define-simulated-connector.js';
import {
  isPlainObject,
  optionalInteger,
  optionalObject,
  optionalStringList,
  requiredObject,
  requiredString,
} from './parameters.js';
import { generateRelationalData, TABLES, type RelationalDataOptions, type Row } from './relational-data.js';
import { RelationalStore, type OrderBy } from './relational-store.js';

export const TEST_DB_NAME = 'test-db';
export const DEFAULT_QUERY_LIMIT = 100;
export const MAX_QUERY_LIMIT = 1000;

export interface TestDbOptions extends RelationalDataOptions {
  /** Seeded rows by table name; generated from the options when absent. */
  rows?: ReadonlyMap<string, readonly Row[]>;
}

const TABLE = { type: 'string', minLength: 1, description: 'Table name; see list-tables' };
const CELL = { type: ['string', 'number', 'boolean', 'null'] };
const WHERE = {
  type: 'object',
  additionalProperties: CELL,
  description: 'Column equality conditions, all of which must hold; null matches NULL',
};
const ROW = { type: 'object', additionalProperties: CELL };
const ORDER_ITEM = {
  anyOf: [
    { type: 'string', minLength: 1 },
    {
      type: 'object',
      additionalProperties: false,
      required: ['column'],
      properties: { column: { type: 'string', minLength: 1 }, direction: { enum: ['asc', 'desc'] } },
    },
  ],
};

function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', additionalProperties: false, ...(required.length > 0 ? { required } : {}), properties };
}

/**
 * The simulated relational database (spec 2.6). Statements are structured parameters (table,
 * where, columns, ...), never SQL text: nothing is parsed or executed, so there is nothing to inject.
 */
export function createTestDbConnector(options: TestDbOptions = {}): SimulatedConnector {
  let store: RelationalStore | undefined;
  const database = (): RelationalStore =>
    (store ??= new RelationalStore(TABLES, options.rows ?? generateRelationalData(options)));

  const handler = defineSimulatedConnector({
    name: TEST_DB_NAME,
    version: '1.0.0',
    description: 'Simulated relational database with structured statements, no SQL (in memory, seeded, resettable)',
    defaultCommand: 'query',
    commands: {
      test: {
        description: 'Checks the connection',
        idempotent: true,
        parameters: objectSchema({}),
        run: () => ({
          success: true,
          data: { connected: true, database: 'testdb', engine: 'simulated', tableCount: database().describe().length },
        }),
      },
      query: {
        description: 'Selects rows of one table by column equality, with column choice, order and limit',
        idempotent: true,
        parameters: objectSchema(
          {
            table: TABLE,
            where: WHERE,
            columns: { type: 'array', items: { type: 'string', minLength: 1 } },
            orderBy: { anyOf: [ORDER_ITEM, { type: 'array', items: ORDER_ITEM }] },
            limit: { type: 'integer', minimum: 1, maximum: MAX_QUERY_LIMIT, default: DEFAULT_QUERY_LIMIT },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
          ['table'],
        ),
        run: (parameters) => {
          const table = requiredString(parameters, 'table');
          const { rows, totalCount } = database().select({
            table,
            where: optionalObject(parameters, 'where'),
            columns: optionalStringList(parameters, 'columns'),
            orderBy: readOrderBy(parameters.orderBy),
            limit: optionalInteger(parameters, 'limit', 1, MAX_QUERY_LIMIT) ?? DEFAULT_QUERY_LIMIT,
            offset: optionalInteger(parameters, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0,
          });
          return { success: true, data: { table, rows, rowCount: rows.length, totalCount } };
        },
      },
      insert: {
        description: 'Inserts one row or several, all or none; an omitted id takes the next free value',
        idempotent: false,
        writes: true,
        parameters: {
          ...objectSchema(
            { table: TABLE, row: ROW, rows: { type: 'array', minItems: 1, maxItems: 1000, items: ROW } },
            ['table'],
          ),
          oneOf: [{ required: ['row'] }, { required: ['rows'] }],
        },
        run: (parameters) => {
          const table = requiredString(parameters, 'table');
          const rows = database().insert(table, readInsertRows(parameters));
          return { success: true, data: { table, insertedCount: rows.length, rows } };
        },
      },
      update: {
        description: 'Sets columns on every row matching where (an empty where matches all rows)',
        idempotent: true,
        writes: true,
        parameters: objectSchema({ table: TABLE, where: WHERE, set: { ...ROW, minProperties: 1 } }, [
          'table',
          'where',
          'set',
        ]),
        run: (parameters) => {
          const table = requiredString(parameters, 'table');
          const set = requiredObject(parameters, 'set');
          if (Object.keys(set).length === 0) throw new ConnectorError('invalid_parameters', 'set names no column');
          const affectedRows = database().update(table, requiredObject(parameters, 'where'), set);
          return { success: true, data: { table, affectedRows } };
        },
      },
      delete: {
        description: 'Deletes every row matching where (an empty where matches all rows)',
        idempotent: true,
        writes: true,
        parameters: objectSchema({ table: TABLE, where: WHERE }, ['table', 'where']),
        run: (parameters) => {
          const table = requiredString(parameters, 'table');
          const affectedRows = database().delete(table, requiredObject(parameters, 'where'));
          return { success: true, data: { table, affectedRows } };
        },
      },
      'list-tables': {
        description: 'The tables with their columns, keys and row counts',
        idempotent: true,
        parameters: objectSchema({}),
        run: () => ({
          success: true,
          data: {
            tables: database()
              .describe()
              .map(({ definition, rowCount }) => ({
                name: definition.name,
                description: definition.description,
                primaryKey: definition.primaryKey,
                rowCount,
                columns: definition.columns.map((column) => ({
                  name: column.name,
                  type: column.type,
                  nullable: column.nullable,
                  unique: column.unique === true || column.name === definition.primaryKey,
                  ...(column.references
                    ? { references: `${column.references.table}.${column.references.column}` }
                    : {}),
                })),
              })),
          },
        }),
      },
    },
  });

  return {
    handler,
    reset: () => {
      store = undefined;
    },
  };
}

function readOrderBy(value: unknown): OrderBy[] | undefined {
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => {
    if (typeof item === 'string' && item !== '') return { column: item, direction: 'asc' };
    if (isPlainObject(item) && typeof item.column === 'string') {
      const direction = item.direction ?? 'asc';
      if (direction === 'asc' || direction === 'desc') return { column: item.column, direction };
    }
    throw new ConnectorError('invalid_parameters', 'orderBy items must be a column name or { column, direction }');
  });
}

function readInsertRows(parameters: Record<string, unknown>): Record<string, unknown>[] {
  const single = optionalObject(parameters, 'row');
  const many = parameters.rows;
  if ((single === undefined) === (many === undefined))
    throw new ConnectorError('invalid_parameters', 'insert takes either row or rows');
  if (single) return [single];
  if (!Array.isArray(many) || many.length === 0 || !many.every(isPlainObject))
    throw new ConnectorError('invalid_parameters', 'rows must be a non-empty list of objects');
  return many;
}
