import type { Kysely } from 'kysely';
import { AUTH_CHANNEL, databaseNotifications } from '../../db/notifications.ts';
import type { DB } from '../../db/schema.ts';

/** Tokens remembered at most; past it the oldest go first. */
const MAX_ENTRIES = 10_000;
/** A remembered row is read again after this long even if nothing was heard (a safety net, not the mechanism). */
const MAX_AGE_MS = 5 * 60_000;

/**
 * What authenticating a token read from the database (the token, its owner, its company),
 * by token hash, so that a request does not read it again. It is only trusted while the
 * database is heard: every change to a token, a person or a company notifies
 * `canopy_auth` at commit (migration 0016) and empties it, in every process; while the
 * listening connection is down it is not used at all. So a token revoked, a person
 * removed or demoted, a company's plan or limits changed, take effect on the next
 * request. Expiry needs no news: the remembered `expires_at` is checked on every request.
 * (PGlite hears a commit before the committing statement returns; PostgreSQL delivers the
 * notification to other processes within milliseconds of the commit.)
 */
export class TokenCache<Row> {
  private readonly rows = new Map<string, { row: Row; at: number }>();
  private trusted = false;
  /** Counts what was heard, so that a row read before a change is not remembered after it. */
  private generation = 0;

  constructor(db: Kysely<DB>) {
    databaseNotifications(db)?.(AUTH_CHANNEL, {
      notified: () => this.forget(),
      listening: (yes) => {
        this.forget();
        this.trusted = yes;
      },
    });
  }

  /** The moment a read starts: pass it to remember. */
  get now(): number {
    return this.generation;
  }

  get(hash: string): Row | undefined {
    if (!this.trusted) return undefined;
    const entry = this.rows.get(hash);
    if (!entry) return undefined;
    if (Date.now() - entry.at > MAX_AGE_MS) {
      this.rows.delete(hash);
      return undefined;
    }
    return entry.row;
  }

  /** Remembers a row read since `readAt` (the cache's `now` before the read), unless something changed meanwhile. */
  remember(hash: string, row: Row, readAt: number): void {
    if (!this.trusted || readAt !== this.generation) return;
    if (this.rows.size >= MAX_ENTRIES) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(hash, { row, at: Date.now() });
  }

  private forget(): void {
    this.generation++;
    this.rows.clear();
  }
}
