/**
 * What a change to a company's trees did, in terms a company can be told about. The
 * event log turns each change into events per company and mode (src/events/emit.ts)
 * without re-reading what happened.
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
  /** The changed fields' old values: `trees` (a refund, a split) or `recipient` (assigned whole). */
  | ({ kind: 'allocation.updated'; previous: { trees?: number; recipient?: string | null } } & AllocationRef)
  | { kind: 'planting.updated'; planting_id: string; companies: AffectedCompany[] }
  | { kind: 'verification.published'; verification_id: string; project_id: string; companies: AffectedCompany[] }
  | { kind: 'recipient.created' | 'recipient.claimed'; recipient_id: string; company_id: string; livemode: boolean }
  | { kind: 'certificate.created'; certificate_id: string; company_id: string; livemode: boolean };

