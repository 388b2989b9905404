import type { Feature } from '../../platform/feature.ts';
import { companyAssets } from './pages.ts';
import { companyRoutes } from './routes.ts';
import { CompanySchema } from './schemas.ts';

export const companyFeature: Feature = { name: 'company', api: companyRoutes, schemas: [CompanySchema], assets: companyAssets };
