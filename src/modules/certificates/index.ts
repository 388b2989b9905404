import { certificateRoutes } from './routes.ts';
import { CertificateSchema } from './schemas.ts';

export const certificatesModule = { routes: certificateRoutes, schemas: [CertificateSchema] };
