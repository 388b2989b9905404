import type { Feature } from '../../platform/feature.ts';
import { giftCodeExpiry } from './jobs.ts';
import { giftPages } from './pages.ts';
import { giftCodeRoutes } from './routes.ts';
import { GiftCodeSchema } from './schemas.ts';

/** Gift codes: their API, the claim pages, and the job that expires an unclaimed code. */
export const giftCodesFeature: Feature = { name: 'gift-codes', api: giftCodeRoutes, schemas: [GiftCodeSchema], pages: giftPages, jobs: [giftCodeExpiry] };
