import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A new PGlite cluster is made by initdb, which runs inside PGlite's WebAssembly memory and
 * leaves it at about 800 MB that WebAssembly can never give back. So, as Debian's
 * postgresql package creates its cluster when it is installed, `npm install` (postinstall)
 * runs initdb once in its own process and keeps the empty cluster as a tarball; every new
 * embedded database (the data folder's first start, each test's in-memory database) is
 * then loaded from it, at a third of the memory and a fraction of the time. Without the
 * tarball (installed with --ignore-scripts, or PGlite upgraded since) PGlite runs initdb
 * as before. The template also holds the schema (the migrations of its day), which saves a
 * first start applying them. See docs/decisions.md, "Cold start of the embedded database".
 */

const pgliteDir = dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
const pgliteVersion = (JSON.parse(readFileSync(join(pgliteDir, 'package.json'), 'utf8')) as { version: string }).version;

/** Where the tarball of an empty cluster lives: beside the packages, one per PGlite version. */
export const templatePath = join(dirname(pgliteDir), '..', '.cache', 'canopy', `pglite-${pgliteVersion}-cluster.tgz`);

let cached: Blob | null | undefined;

/** The empty cluster to load a new database from, or null when there is none (initdb then). */
export function clusterTemplate(): Blob | null {
  if (cached === undefined) cached = existsSync(templatePath) ? new Blob([readFileSync(templatePath)]) : null;
  return cached;
}

/**
 * Runs initdb in a scratch in-memory PGlite, applies the migrations there are now, and
 * writes the cluster to `templatePath`. Migrations added later are applied on top at
 * start, as for any database (the template records which it has).
 */
export async function writeClusterTemplate(): Promise<string> {
  // Imported here: database.ts imports this module for clusterTemplate.
  const { openDatabase } = await import('./database.ts');
  const { migrate } = await import('./migrate.ts');
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(database);
  const tarball = await database.dumpCluster!();
  await database.close();
  mkdirSync(dirname(templatePath), { recursive: true });
  const partial = `${templatePath}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, templatePath);
  return templatePath;
}
