/**
 * npm's postinstall: makes the empty PGlite cluster that new embedded databases are loaded
 * from (src/db/pglite-template.ts says why). Never fails the install: without the tarball
 * Canopy runs initdb itself, as PGlite does by default.
 */
import { existsSync } from 'node:fs';
import { templatePath, writeClusterTemplate } from '../src/db/pglite-template.ts';

if (existsSync(templatePath)) {
  console.log(`canopy: the embedded database's empty cluster is ready (${templatePath})`);
} else {
  const started = performance.now();
  try {
    await writeClusterTemplate();
    console.log(`canopy: made the embedded database's empty cluster in ${((performance.now() - started) / 1000).toFixed(1)} s (${templatePath})`);
  } catch (error) {
    console.warn(`canopy: could not make the embedded database's empty cluster (${(error as Error).message}); new databases will run initdb instead`);
  }
}
