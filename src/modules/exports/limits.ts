/**
 * How many exports run at once. On PostgreSQL an export holds one pooled connection in a
 * REPEATABLE READ transaction for as long as its client takes to download it (stream.ts
 * inExportSnapshot), and the pool has 10 (db/database.ts): so at most one export per company
 * at a time (live and test together: an auditor needs one file, not ten at once) and at most
 * EXPORTS_PER_PROCESS in all, which leaves the rest of the pool to the API and the dashboard.
 * An export also ends at EXPORT_DEADLINE_MS, cut as a failure cuts it (no closing digest).
 */

export const EXPORTS_PER_PROCESS = 2;
export const EXPORT_DEADLINE_MS = 10 * 60_000;
/** What a refused export is told to wait: about as long as a mid-sized export takes. */
export const EXPORT_RETRY_AFTER_SECONDS = 30;

/** Which limit refused an export: docs/errors.md `export_in_progress`. */
export type ExportLimit = 'exports_per_company' | 'exports_per_process';

export type ExportSlot = { release: () => void } | { refused: ExportLimit };

/** The exports running in one app (its API and its dashboard together), by company. */
export class ExportSlots {
  private readonly running = new Set<string>();

  constructor(readonly perProcess = EXPORTS_PER_PROCESS) {}

  /** A slot for the company's export, released once (by whichever of its ends comes first), or the limit that refuses it. */
  take(companyId: string): ExportSlot {
    if (this.running.has(companyId)) return { refused: 'exports_per_company' };
    if (this.running.size >= this.perProcess) return { refused: 'exports_per_process' };
    this.running.add(companyId);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running.delete(companyId);
      },
    };
  }

  isRunning(companyId: string): boolean {
    return this.running.has(companyId);
  }
}

/** One set of slots per database handle: the API's and the dashboard's plugins of an app share it, and apps in one test process do not. */
const slotsByDb = new WeakMap<object, ExportSlots>();

export function exportSlotsFor(db: object): ExportSlots {
  let slots = slotsByDb.get(db);
  if (!slots) {
    slots = new ExportSlots();
    slotsByDb.set(db, slots);
  }
  return slots;
}
