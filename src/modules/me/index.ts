import type { Feature } from '../../platform/feature.ts';
import { meRoutes } from './routes.ts';
import { TokenSchema } from './schemas.ts';

export const meFeature: Feature = { name: 'me', api: meRoutes, schemas: [TokenSchema] };
