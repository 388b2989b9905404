/**
 * What a foundation operation did, in terms a company can be told about. The event
 * log turns each change into events per company and mode without re-reading the data.
 */

/** A company, in one mode, with trees in the planting or project a change is about. */
export interface AffectedCompany {
  company_id: string;
  livemode: boolean;
}

interface AllocationRef {
  allocation_id: string;
  company_id: string;
  livemode: boolean;
}

export type DomainChange =
  | ({ kind: 'allocation.created' } & AllocationRef)
  | ({ kind: 'allocation.planted' } & AllocationRef)
  | ({ kind: 'allocation.monitored' } & AllocationRef)
  | ({ kind: 'allocation.updated'; previous: { trees: number } } & AllocationRef)
  | { kind: 'planting.updated'; planting_id: string; companies: AffectedCompany[] }
  | { kind: 'verification.published'; verification_id: string; project_id: string; companies: AffectedCompany[] }
  | { kind: 'recipient.created'; recipient_id: string; company_id: string; livemode: boolean };

export interface FoundationResult {
  /** Canopy's id of the object the operation is about (ptn_, prj_, plt_, mon_, ver_, alloc_). */
  id: string;
  /** True when the operation changed nothing: a replay. */
  unchanged: boolean;
  /** In the order they happened; empty for changes no company is told about (a partner's website). */
  changes: DomainChange[];
}

export interface OperationOptions {
  /**
   * The moment the operation takes effect, for created_at, updated_at and completion;
   * the current time when left out. The demo seed uses it to spread its history.
   */
  now?: Date;
}

export function unchanged(id: string): FoundationResult {
  return { id, unchanged: true, changes: [] };
}

export function changed(id: string, changes: DomainChange[] = []): FoundationResult {
  return { id, unchanged: false, changes };
}
