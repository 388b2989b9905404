import { eventRoutes } from './routes.ts';
import { EventSchema } from './schemas.ts';

export const eventsModule = { routes: eventRoutes, schemas: [EventSchema] };
