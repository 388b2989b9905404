import { companyRoutes } from './routes.ts';
import { CompanySchema } from './schemas.ts';

export const companyModule = { routes: companyRoutes, schemas: [CompanySchema] };
