import type { Kysely, Transaction } from 'kysely';
import type { DB, Db } from './schema.ts';

/** Runs `work` in the caller's transaction if it has one, else in a new one. */
export async function inTransaction<T>(db: Db, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : (db as Kysely<DB>).transaction().execute(work);
}
