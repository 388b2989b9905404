import type { Feature } from '../../platform/feature.ts';
import { impactEmbedPages } from './embed-pages.ts';
import { impactPages } from './pages.ts';

/** The public impact page of every company: the page, its JSON, and (embed-pages.ts) its badge, widget and share image. */
export const impactFeature: Feature = {
  name: 'impact',
  pages: async (app, options) => {
    await app.register(impactPages, options);
    await app.register(impactEmbedPages, options);
  },
};
