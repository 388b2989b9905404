import { type Kysely, sql, type Transaction } from 'kysely';
import type { ApiContext, ClosingWrite } from '../../core/context.ts';
import type { DB } from '../../db/schema.ts';
import { TreesHeldElsewhere } from '../../domain/assignment.ts';
import type { DomainChange } from '../../domain/changes.ts';
import { adjustCompanyTotals, companyTotalsUpdate, type CountUnassigned, missingTotals, type TotalsDelta } from '../../domain/counters.ts';
import { isStalePlan } from '../../db/prepared-statements.ts';
import { lockFoundationWrites } from '../../domain/write-lock.ts';
import { renderEvents } from './renderers.ts';
import { type NewEvent, recordEvents } from './record.ts';
import { deliveriesCommitted, notifyOnCommit } from './wake.ts';

/**
 * The one write path. Every write (a service verb, a foundation operation, the demo seed)
 * runs in a unit of work: one transaction, the foundation write lock when asked, the
 * domain changes the work records, and their events written before commit, so there is
 * no change without its event and no event without its change (the event log is the
 * outbox).
 *
 * It lives here rather than in domain/ because writing events renders objects with the
 * features' renderers (renderers.ts, installed from src/features.ts), and domain/ knows no feature.
 */
export class UnitOfWork {
  private constructor(
    /** The transaction: pass it down to every query of the work. */
    readonly db: Transaction<DB>,
    /** When the work takes effect: created_at, updated_at and the events' time. */
    readonly now: Date,
    private readonly publicBaseUrl: string,
    private readonly pending: { change: DomainChange; at: Date }[],
    private readonly totals: Map<string, { companyId: string; livemode: boolean; delta: Required<TotalsDelta> }>,
    private readonly finalObjects: Map<string, { object: unknown; recorded: number }>,
    /** How many changes the work has recorded, shared by its views (at, apart). */
    private readonly recorded: { count: number },
    private readonly closing: ClosingWrite[],
    /** This is the work's second run, after too few trees were free of others' locks: assigning trees waits for them (domain/assignment.ts). */
    readonly waitForLockedTrees: boolean,
  ) {}

  /** A unit of work on a transaction the caller opened; it writes events only when flushed, and totals when applied. */
  static on(db: Transaction<DB>, publicBaseUrl: string, now = new Date(), waitForLockedTrees = false): UnitOfWork {
    return new UnitOfWork(db, now, publicBaseUrl, [], new Map(), new Map(), { count: 0 }, [], waitForLockedTrees);
  }

  /**
   * An object (or row) the work made, whole, as it stands now: its event uses it instead of
   * reading it back (EventRenderer, RenderEnv.known), a query less on the hot path. It stays
   * known only while the work records no further change: any change recorded after it may
   * have changed it (a certificate issued in the same work names the recipient's
   * certificate), and then it is read back as usual. For a feature's own write functions
   * (recipients/service.ts, addRecipient); the verbs above them never see it.
   */
  knowFinal(id: string, object: unknown): void {
    this.finalObjects.set(id, { object, recorded: this.recorded.count });
  }

  /** What knowFinal gave and no later change may have touched. */
  private stillFinal(): Map<string, unknown> {
    const final = new Map<string, unknown>();
    for (const [id, { object, recorded }] of this.finalObjects) if (recorded === this.recorded.count) final.set(id, object);
    return final;
  }

  /**
   * A write for the end of the work, sent in one statement with its last events (finish):
   * see ClosingWrite for what may go there.
   */
  atEnd(write: ClosingWrite): void {
    this.closing.push(write);
  }

  /**
   * Adds to a company's totals when the work ends (finish), not now: every write of a
   * company's recipients touches a totals row (its connection's part, domain/counters.ts),
   * and a row written early stays locked until the transaction commits.
   */
  addToTotals(companyId: string, livemode: boolean, delta: TotalsDelta): void {
    const key = `${companyId}:${livemode}`;
    const entry = this.totals.get(key) ?? { companyId, livemode, delta: { trees_unassigned: 0, recipients: 0, certificates: 0 } };
    for (const [column, value] of Object.entries(delta) as [keyof TotalsDelta, number][]) entry.delta[column] += value;
    this.totals.set(key, entry);
  }

  /** Where trees changing owner in this unit of work report the company's unassigned trees. */
  readonly countUnassigned: CountUnassigned = (companyId, livemode, delta) => this.addToTotals(companyId, livemode, { trees_unassigned: delta });

  /** Notes what changed; its events are written at the next flush, at the latest before commit. */
  record(...changes: readonly DomainChange[]): void {
    for (const change of changes) this.pending.push({ change, at: this.now });
    this.recorded.count += changes.length;
  }

  /** What was recorded and not yet written as events, in order. */
  get changes(): DomainChange[] {
    return this.pending.map((entry) => entry.change);
  }

  /** This unit of work acting at another moment, sharing its transaction and changes: the demo seed replays history. */
  at(now: Date): UnitOfWork {
    return new UnitOfWork(this.db, now, this.publicBaseUrl, this.pending, this.totals, this.finalObjects, this.recorded, this.closing, this.waitForLockedTrees);
  }

  /**
   * A unit of work on the same transaction whose changes are kept apart and never
   * flushed, for a caller that tells only some of them (the test helpers). Its totals are
   * this one's: they are facts, not news.
   */
  apart(): UnitOfWork {
    return new UnitOfWork(this.db, this.now, this.publicBaseUrl, [], this.totals, this.finalObjects, this.recorded, this.closing, this.waitForLockedTrees);
  }

  /**
   * Writes the events of every change recorded so far, in order, each dated when its
   * change was recorded; returns the event ids. Objects are rendered as they stand now.
   */
  async flush(): Promise<string[]> {
    const events = await this.presentPending();
    return recordEvents(this.db, events);
  }

  /**
   * Writes what addToTotals collected now, one statement per company and mode, and no
   * events: for a caller that ends the work itself and writes none (the tests of the
   * foundation service). Work that left writes for its end must finish() instead.
   */
  async applyTotals(): Promise<void> {
    if (this.closing.length > 0) throw new Error('This unit of work left writes for its end: finish() it, applyTotals() writes only the totals.');
    const entries = [...this.totals.values()];
    this.totals.clear();
    for (const { companyId, livemode, delta } of entries) await adjustCompanyTotals(this.db, companyId, livemode, delta);
  }

  /**
   * Ends the work: the events still pending, what addToTotals collected, and the writes
   * left for the end (atEnd), in one statement when the events are few.
   */
  async finish(): Promise<void> {
    const events = await this.presentPending();
    const totals = [...this.totals.values()].flatMap(({ companyId, livemode, delta }) => {
      const update = companyTotalsUpdate(companyId, livemode, delta);
      const query = update && sql`${update} RETURNING 1`;
      return query ? [{ query, mustWrite: () => missingTotals(companyId, livemode) }] : [];
    });
    this.totals.clear();
    const closing = [...this.closing.splice(0), ...totals];
    if (events.length > 0 || closing.length > 0) await recordEvents(this.db, events, closing);
  }

  /** The events of every change recorded so far, in order, each dated when its change was recorded; the changes are then no longer pending. */
  private async presentPending(): Promise<NewEvent[]> {
    const pending = this.pending.splice(0);
    const events: NewEvent[] = [];
    let start = 0;
    while (start < pending.length) {
      const at = pending[start]!.at;
      let end = start + 1;
      while (end < pending.length && pending[end]!.at.getTime() === at.getTime()) end++;
      const changes = pending.slice(start, end).map((entry) => entry.change);
      events.push(...(await renderEvents(this.db, changes, this.publicBaseUrl, at, this.stillFinal())));
      start = end;
    }
    return events;
  }
}

export interface UnitOfWorkOptions {
  /** For links in the events' objects. */
  publicBaseUrl: string;
  /** Take the foundation write lock first: the work touches plantings and totals many companies share. */
  foundationLock?: boolean;
  now?: Date;
}

/** A request's unit of work, with the request's context bound to its transaction: every read of the work goes through `uow.ctx`. */
export type RequestUnitOfWork = UnitOfWork & { readonly ctx: ApiContext };

/**
 * Runs a request's write: the request's Idempotency-Key is claimed first, in the work's
 * transaction, and `work` returns the response body, which is stored for the key in the
 * same transaction as the change and its events. `uow.ctx` is the request's context on the
 * transaction, so no read of the work can slip outside it.
 */
export async function inRequestUnitOfWork<T>(ctx: ApiContext, options: { foundationLock?: boolean }, work: (uow: RequestUnitOfWork) => Promise<T>): Promise<T> {
  return inUnitOfWork(ctx.db, { publicBaseUrl: ctx.publicBaseUrl, foundationLock: options.foundationLock }, async (uow) => {
    await ctx.idempotency?.claim(uow.db);
    const body = await work(Object.assign(uow, { ctx: { ...ctx, db: uow.db } }));
    if (ctx.idempotency) uow.atEnd(ctx.idempotency.responseWrite(200, body));
    return body;
  });
}

/**
 * PostgreSQL aborted the transaction to break a deadlock, or for serialization, or a
 * prepared statement's plan went stale under a migration (db/prepared-statements.ts):
 * running it again is safe.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const retryable = (error: unknown) => RETRYABLE.has((error as { code?: string }).code ?? '') || isStalePlan(error);
const ATTEMPTS = 5;

/**
 * Runs `work` in a new unit of work and commits it, events included; a throw rolls
 * everything back. A transaction PostgreSQL aborted to break a deadlock (two requests
 * locking the same allocations and counters in another order) is run again, up to five
 * times in all, after a short random pause so that the two do not meet again at once, so
 * the caller sees a result, not a 500. Work that found too few trees free of other
 * transactions' locks (TreesHeldElsewhere) runs again at once, waiting for them.
 */
export async function inUnitOfWork<T>(db: Kysely<DB>, options: UnitOfWorkOptions, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  let waitForLockedTrees = false;
  for (let attempt = 1; ; attempt++) {
    try {
      let queuedDeliveries = false;
      const result = await db.transaction().execute(async (trx) => {
        if (options.foundationLock) await lockFoundationWrites(trx);
        const uow = UnitOfWork.on(trx, options.publicBaseUrl, options.now, waitForLockedTrees);
        const result = await work(uow);
        await uow.finish();
        queuedDeliveries = await notifyOnCommit(trx);
        return result;
      });
      if (queuedDeliveries) deliveriesCommitted();
      return result;
    } catch (error) {
      if (error instanceof TreesHeldElsewhere && !waitForLockedTrees) {
        waitForLockedTrees = true;
        continue;
      }
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
