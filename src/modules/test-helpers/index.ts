import type { Feature } from '../../platform/feature.ts';
import { testHelperRoutes } from './routes.ts';

/** Test helpers return allocations and projects, whose schemas their own features register. */
export const testHelpersFeature: Feature = { name: 'test-helpers', api: testHelperRoutes };
