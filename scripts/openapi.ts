/**
 * Prints Canopy's OpenAPI document as JSON on stdout, built from the same route schemas
 * the server validates with. Used by CI to lint the document: `npm run lint:openapi`.
 * The app runs on a throwaway in-memory PGlite and never listens on a port.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

const database = await openDatabase({ kind: 'pglite', dataDir: null });
try {
  await migrate(database);
  const config = loadConfig({ PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? 'https://api.canopy.example' });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await database.close();
}
