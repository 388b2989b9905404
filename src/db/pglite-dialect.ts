import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect for PGlite that serialises every use of the database.
 *
 * PGlite runs one operation at a time for the whole process. If a transaction sent its
 * BEGIN through query() while other requests kept sending statements, those statements
 * would run inside that transaction and vanish on its rollback. So the single
 * connection is handed out behind a lock: a transaction holds it from BEGIN to
 * COMMIT/ROLLBACK, and every other query waits its turn.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite, private readonly lock: ExclusiveLock) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.lock);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

/** A FIFO mutex: run() waits for every earlier holder to finish. */
export class ExclusiveLock {
  private tail: Promise<void> = Promise.resolve();
  /** The holder and the waiters: what the database pool metrics show for PGlite. */
  private queued = 0;

  get held(): boolean {
    return this.queued > 0;
  }

  get waiting(): number {
    return Math.max(0, this.queued - 1);
  }

  /** Waits for the lock and returns the function that releases it. */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = () => {
        this.queued--;
        resolve();
      };
    });
    this.queued++;
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    return release;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

class PGliteDriver implements Driver {
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pglite: PGlite, private readonly lock: ExclusiveLock) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    const connection = new PGliteConnection(this.pglite);
    this.releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await connection.executeQuery(CompiledQuery.raw(`BEGIN${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.();
    this.releases.delete(connection);
  }

  async destroy(): Promise<void> {}
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, query.parameters as unknown[]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}
