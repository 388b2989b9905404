import { giftCodeRoutes } from './routes.ts';
import { GiftCodeSchema } from './schemas.ts';

export const giftCodesModule = { routes: giftCodeRoutes, schemas: [GiftCodeSchema] };
