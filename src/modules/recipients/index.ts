import { recipientRoutes } from './routes.ts';
import { RecipientSchema } from './schemas.ts';

export const recipientsModule = { routes: recipientRoutes, schemas: [RecipientSchema] };
