import type { Feature } from '../../platform/feature.ts';
import { allocationEvents } from './events.ts';
import { allocationRoutes } from './routes.ts';
import { AllocationSchema } from './schemas.ts';

export const allocationsFeature: Feature = { name: 'allocations', api: allocationRoutes, schemas: [AllocationSchema], events: [allocationEvents] };
