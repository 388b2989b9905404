/** What a foundation operation says it did; what changed is recorded in its unit of work. */
export interface OperationResult {
  /** Canopy's id of the object the operation is about (ptn_, prj_, plt_, mon_, ver_, alloc_, rcp_). */
  id: string;
  /** True when the operation changed nothing: a replay. */
  unchanged: boolean;
}

export function unchanged(id: string): OperationResult {
  return { id, unchanged: true };
}

export function changed(id: string): OperationResult {
  return { id, unchanged: false };
}
