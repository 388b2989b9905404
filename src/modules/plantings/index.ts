import { plantingRoutes } from './routes.ts';
import { PlantingSchema } from './schemas.ts';

export const plantingsModule = { routes: plantingRoutes, schemas: [PlantingSchema] };
