import { projectRoutes } from './routes.ts';
import { ProjectSchema } from './schemas.ts';

export const projectsModule = { routes: projectRoutes, schemas: [ProjectSchema] };
