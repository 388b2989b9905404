import { allocationRoutes } from './routes.ts';
import { AllocationSchema } from './schemas.ts';

export const allocationsModule = { routes: allocationRoutes, schemas: [AllocationSchema] };
