/**
 * Every refusal of a foundation operation. `code` is stable (callers and the HTTP layer
 * map on it); `field` names the input field at fault, as `photos[0].url`, or null when
 * the operation as a whole is refused.
 */
export type FoundationErrorCode =
  /** A field is missing. */
  | 'parameter_missing'
  /** A field is present but not allowed here. */
  | 'parameter_unknown'
  /** A field has a value of the wrong type, range or form (an open polygon ring, a date that does not exist). */
  | 'parameter_invalid'
  /** A reference (partner_ref, project_ref, planting_ref, company_id, ref) names nothing Canopy knows. */
  | 'reference_not_found'
  /** A known ref was sent again with a different value for something that cannot change (its company, planting, project, mode). */
  | 'reference_conflict'
  /** A live allocation on a test planting, or the other way round. */
  | 'planting_mode_mismatch'
  /** A measurement names a planting of another project. */
  | 'planting_not_in_project'
  /** The allocations of a planting would add up to more trees than the planting has. */
  | 'planting_over_allocated'
  /** A refund would take trees that are assigned to recipients or reserved by gift codes. */
  | 'refund_exceeds_unassigned_trees'
  /** Another project already carries this legacy id. */
  | 'legacy_id_taken'
  /** The company has too few unassigned trees (in the project) for a recipient. */
  | 'no_trees_available'
  /** Another recipient of the company already has this external_reference. */
  | 'external_reference_taken'
  /** A message_id received before came again with a different operation. */
  | 'message_id_reused';

export class FoundationError extends Error {
  override readonly name = 'FoundationError';

  constructor(
    readonly code: FoundationErrorCode,
    message: string,
    readonly field: string | null = null,
    /** The field is one of the operation's envelope (message_id), not of its input. */
    readonly inEnvelope = false,
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, message: this.message, field: this.field };
  }
}

export function notFound(field: string, what: string, value: string): FoundationError {
  return new FoundationError('reference_not_found', `No ${what} with ${field} "${value}".`, field);
}
