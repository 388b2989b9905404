import type { Feature } from '../../platform/feature.ts';
import { verificationEvents } from './events.ts';
import { MonitoringSchema, VerificationSchema } from './schemas.ts';

/** Proof has no endpoints of its own: plantings and projects show it. Its objects are referenced by their schemas. */
export const proofFeature: Feature = { name: 'proof', schemas: [MonitoringSchema, VerificationSchema], events: [verificationEvents] };
