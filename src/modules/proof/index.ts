import { MonitoringSchema, VerificationSchema } from './schemas.ts';

/** Proof has no endpoints of its own: plantings and projects show it. Its objects are referenced by their schemas. */
export const proofModule = { schemas: [MonitoringSchema, VerificationSchema] };
