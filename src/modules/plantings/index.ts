import type { Feature } from '../../platform/feature.ts';
import { plantingEvents } from './events.ts';
import { plantingRoutes } from './routes.ts';
import { PlantingSchema } from './schemas.ts';

export const plantingsFeature: Feature = { name: 'plantings', api: plantingRoutes, schemas: [PlantingSchema], events: [plantingEvents] };
