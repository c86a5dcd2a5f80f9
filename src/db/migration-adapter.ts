import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlResultSet,
  type Transaction,
} from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';

// The schema engine's introspection reads PostgreSQL catalog columns of the one-byte `"char"`
// type (pg_constraint.contype, pg_class.relkind, ...) and expects them typed as characters.
// @prisma/adapter-pg has no column type for `"char"` and refuses such results. This module is
// the narrow fix, used only for migrations: the pg client marks those columns by name and
// reports them as text, and the adapter wrapper turns marked columns into Character columns.

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHAR_COLUMN_MARK = '\u0000char';

class CharMarkingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: Error | null, result?: pg.QueryResult) =>
        callback(error, result && markCharColumns(result));
    }
    const pending = (super.query as (...a: unknown[]) => unknown)(...args);
    return (pending instanceof Promise ? pending.then(markCharColumns) : pending) as never;
  }
}

function markCharColumns(result: pg.QueryResult): pg.QueryResult {
  for (const field of result.fields ?? []) {
    if (field.dataTypeID === PG_CHAR_OID) {
      field.dataTypeID = PG_TEXT_OID;
      field.name += CHAR_COLUMN_MARK;
    }
  }
  return result;
}

function typeMarkedColumns(result: SqlResultSet): SqlResultSet {
  result.columnNames.forEach((name, index) => {
    if (name.endsWith(CHAR_COLUMN_MARK)) {
      result.columnNames[index] = name.slice(0, -CHAR_COLUMN_MARK.length);
      result.columnTypes[index] = ColumnTypeEnum.Character;
    }
  });
  return result;
}

function withCharColumns<T extends SqlDriverAdapter | Transaction>(queryable: T): T {
  return new Proxy(queryable, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'queryRaw') {
        return async (...args: unknown[]) => typeMarkedColumns(await value.apply(target, args));
      }
      if (property === 'startTransaction') {
        return async (...args: unknown[]) => withCharColumns(await value.apply(target, args));
      }
      return value.bind(target);
    },
  });
}

/**
 * @prisma/adapter-pg runs a script by splitting it at every ';' and sending the pieces one at a
 * time: a function body in dollar quotes breaks apart, and a migration that fails halfway stays
 * half-applied. Prisma's native engine sends a migration whole, which PostgreSQL runs as one
 * implicit transaction; scripts sent through this wrapper go the same way.
 */
function withWholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      if (property !== 'executeScript') return Reflect.get(target, property, receiver);
      // Both are @prisma/adapter-pg's, outside the adapter interface: its pool, and its
      // translation of a pg error into the error the engine reports.
      const pgAdapter = target as unknown as { underlyingDriver(): pg.Pool; onError(error: unknown): never };
      return async (script: string) => {
        try {
          await pgAdapter.underlyingDriver().query(script);
        } catch (error) {
          pgAdapter.onError(error);
        }
      };
    },
  });
}

export interface MigrationAdapter {
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** Closes every connection the engine opened (it never closes them itself). */
  dispose(): Promise<void>;
}

/** A pg driver adapter factory fit for the schema engine's migrations and introspection. */
export function createMigrationAdapter(databaseUrl: string): MigrationAdapter {
  // Connection fields rather than a connection string, so that `database` can be overridden.
  const config = { ...parseIntoClientConfig(databaseUrl), Client: CharMarkingClient };
  const pgFactory = new PrismaPg(config);
  const disposers: Array<() => Promise<void>> = [];
  // The engine disposes some adapters itself and leaves others open; disposal runs once either way.
  const track = (adapter: SqlDriverAdapter, dispose = () => adapter.dispose()) => {
    let disposed: Promise<void> | undefined;
    const disposeOnce = () => (disposed ??= dispose());
    disposers.push(disposeOnce);
    const tracked = new Proxy(adapter, {
      get: (target, property, receiver) =>
        property === 'dispose' ? disposeOnce : Reflect.get(target, property, receiver),
    });
    return withCharColumns(withWholeScripts(tracked));
  };

  // The adapter's own shadow database drops the database while its pool is still connected to
  // it, which PostgreSQL refuses; this one closes the pool first and forces the drop.
  async function connectToShadowDb(): Promise<SqlDriverAdapter> {
    const main = await pgFactory.connect();
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    await main.executeScript(`CREATE DATABASE "${name}"`);
    const shadow = await new PrismaPg({ ...config, database: name }).connect();
    return track(shadow, async () => {
      await shadow.dispose();
      await main.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await main.dispose();
    });
  }

  return {
    factory: {
      provider: pgFactory.provider,
      adapterName: pgFactory.adapterName,
      connect: async () => track(await pgFactory.connect()),
      connectToShadowDb,
    },
    async dispose() {
      await Promise.all(disposers.splice(0).map((dispose) => dispose()));
    },
  };
}
