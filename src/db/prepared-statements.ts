import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements for the PostgreSQL pool. Kysely sends every statement
 * unnamed, so PostgreSQL parses, analyses and plans it on every execution: about a
 * third of the database's CPU for a recipient create (bench/RESULTS.md, issue 12). Here
 * each distinct parameterised SQL text gets a name the first time it is sent, and each
 * connection prepares it once; after five executions PostgreSQL may keep a generic plan.
 *
 * Bounded: a text is named from the third time it is sent, so that texts sent once or
 * twice (an IN list of an unusual length, a migration's statement) do not take the places
 * of the frequent ones, and at most `maxNames` texts per process are named (texts longer
 * than MAX_TEXT_LENGTH, such as a large multi-row insert, never are), so a process's
 * connections hold a bounded number of plans.
 *
 * A migration can change what a prepared `select *` or `returning *` returns; PostgreSQL
 * then refuses the statement ("cached plan must not change result type", SQLSTATE 0A000)
 * rather than plan it again. On that error every name is forgotten, so each text is
 * prepared again under a new name (each connection drops its old ones at its next use
 * outside a transaction), and the statement is run again at once when it was not inside
 * a transaction; inside one, the error reaches the unit of work, which runs the whole
 * transaction again (isStalePlan in events/unit-of-work.ts). Other transactions (a job
 * claim, a webhook attempt's record, an operator command) fail that once and are tried
 * again by their own loops or by whoever ran them.
 *
 * Off (DATABASE_PREPARED_STATEMENTS=off) behind a pooler that cannot keep prepared
 * statements, such as PgBouncer in transaction mode before 1.21.
 */

/** SQLSTATE feature_not_supported, as PostgreSQL says "cached plan must not change result type". */
const FEATURE_NOT_SUPPORTED = '0A000';
/** SQLSTATE invalid_sql_statement_name: a name the connection does not hold. */
const NO_SUCH_STATEMENT = '26000';

/** A prepared statement's plan went stale under a migration (and only that, of the many 0A000 errors). */
export function isStalePlan(error: unknown): boolean {
  const { code, routine } = error as { code?: string; routine?: string };
  return code === FEATURE_NOT_SUPPORTED && routine === 'RevalidateCachedQuery';
}
const MAX_TEXT_LENGTH = 8_000;
/** A text is named when it is sent for this time. */
const NAMED_FROM_SIGHTING = 3;
/** Texts whose sightings are counted at most; the counts start again when full. */
const MAX_COUNTED = 5_000;

/** The names given to SQL texts in this process. A name is never given to another text. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  /** How often each not yet named text has been sent. */
  private readonly sightings = new Map<string, number>();
  /** Bumped when every name is forgotten, so that new names never meet the old ones a connection still holds. */
  private generation = 0;
  private given = 0;

  constructor(readonly maxNames: number) {}

  /** The name to prepare `text` under; undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.maxNames || text.length > MAX_TEXT_LENGTH) return known;
    const seen = (this.sightings.get(text) ?? 0) + 1;
    if (seen < NAMED_FROM_SIGHTING) {
      if (this.sightings.size >= MAX_COUNTED) this.sightings.clear();
      this.sightings.set(text, seen);
      return undefined;
    }
    this.sightings.delete(text);
    const name = `canopy_${this.generation}_${++this.given}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * The plans behind the names may be stale (a migration changed a table): prepare
   * everything again under new names. Each connection drops its old statements at its next
   * use outside a transaction (`generation`).
   */
  forgetAll(): void {
    this.names.clear();
    this.sightings.clear();
    this.generation++;
  }

  /** Bumped by forgetAll. */
  get currentGeneration(): number {
    return this.generation;
  }
}

/** Is this statement one that opens or ends a transaction? Kysely sends these exact texts. */
function transactionEdge(text: string): 'begin' | 'end' | null {
  const head = text.trimStart().slice(0, 20).toLowerCase();
  if (head.startsWith('begin') || head.startsWith('start transaction')) return 'begin';
  if ((head.startsWith('rollback') && !head.startsWith('rollback to')) || head.startsWith('commit') || head.startsWith('end')) return 'end';
  return null;
}

/**
 * A pool for Kysely's PostgresDialect whose clients send parameterised statements as
 * named prepared statements (StatementNames). One wrapper per pg client, so that Kysely's
 * per-client connection cache holds.
 */
export function preparingPool(pool: pg.Pool, names: StatementNames): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    let generation = names.currentGeneration;
    /** pg's record of the statements this connection holds (not in its types). */
    const parsed = () => (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
    const run = async (text: string, values: unknown[]) => {
      const edge = transactionEdge(text);
      if (generation !== names.currentGeneration && !inTransaction && edge !== 'end') {
        // Every name was forgotten since this connection last ran: drop what it holds, so the
        // statements prepared on it stay as many as the names in use.
        await client.query('DEALLOCATE ALL');
        for (const name of Object.keys(parsed())) delete parsed()[name];
        generation = names.currentGeneration;
      }
      const name = values.length > 0 ? names.nameFor(text) : undefined;
      try {
        const result = name ? await client.query({ name, text, values }) : await client.query(text, values);
        if (edge) inTransaction = edge === 'begin';
        return result;
      } catch (error) {
        if (edge === 'end') inTransaction = false;
        if (!name) throw error;
        const { code } = error as { code?: string };
        // A value pg could not send (no SQLSTATE: thrown before the server saw it) makes pg
        // close the statement while still counting it as prepared; a statement the server
        // lacks is the same: forget it on this connection, so its next use prepares it again.
        if (code === undefined || code === NO_SUCH_STATEMENT) delete parsed()[name];
        if (isStalePlan(error)) names.forgetAll();
        else if (code !== NO_SUCH_STATEMENT) throw error;
        if (inTransaction) throw error;
        return client.query(text, values);
      }
    };
    return {
      query: ((textOrCursor: unknown, values?: readonly unknown[]) => {
        // A cursor (Kysely's stream()) passes through as it is.
        if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never);
        return run(textOrCursor, [...(values ?? [])]) as Promise<PostgresQueryResult<unknown>>;
      }) as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
