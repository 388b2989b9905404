import { testHelperRoutes } from './routes.ts';

/** Test helpers return allocations and projects, whose schemas their own modules register. */
export const testHelpersModule = { routes: testHelperRoutes, schemas: [] };
