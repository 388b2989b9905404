import type { Feature } from '../../platform/feature.ts';
import { copyPhoto } from './jobs.ts';
import { photoAssets } from './pages.ts';

/** Photos: Canopy's own copies of the foundation's photos, fetched once, kept in two sizes and served from here. */
export const photosFeature: Feature = {
  name: 'photos',
  assets: photoAssets,
  jobs: [copyPhoto],
};
