/** A mistake in what the operator asked for (unknown company, bad role): shown as is, never with a stack. */
export class OperatorError extends Error {}
