import type { Feature } from '../../platform/feature.ts';
import { PartnerSchema } from './schemas.ts';

/** Partners have no endpoints of their own: they are expanded from plantings and projects. */
export const partnersFeature: Feature = { name: 'partners', schemas: [PartnerSchema] };
