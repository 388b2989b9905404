import { meRoutes } from './routes.ts';
import { TokenSchema } from './schemas.ts';

export const meModule = { routes: meRoutes, schemas: [TokenSchema] };
