/**
 * What a foundation operation did, in terms a company can be told about. The event
 * log turns each change into events per company and mode without re-reading the data.
 */

import type { DomainChange } from '../domain/changes.ts';

export type { AffectedCompany, DomainChange } from '../domain/changes.ts';

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
