import type { Feature } from '../../platform/feature.ts';
import { projectRoutes } from './routes.ts';
import { ProjectSchema } from './schemas.ts';

export const projectsFeature: Feature = { name: 'projects', api: projectRoutes, schemas: [ProjectSchema] };
