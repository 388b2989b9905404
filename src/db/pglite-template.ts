import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new PGlite cluster is made by initdb, which runs inside PGlite's WebAssembly memory and
 * leaves it at about 800 MB that WebAssembly can never give back. So, as Debian's
 * postgresql package creates its cluster when it is installed, `npm install` (postinstall)
 * runs initdb once in its own process and keeps the empty cluster as a tarball; every new
 * embedded database (the data folder's first start, each test's in-memory database) is
 * then loaded from it, at a third of the memory and a fraction of the time. Without the
 * tarball (installed with --ignore-scripts, or PGlite upgraded since) PGlite runs initdb
 * as before. See docs/decisions.md, "Cold start of the embedded database".
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

/** Runs initdb in a scratch in-memory PGlite and writes the empty cluster to `templatePath`. */
export async function writeClusterTemplate(): Promise<string> {
  const pglite = await PGlite.create();
  const tarball = await pglite.dumpDataDir('gzip');
  await pglite.close();
  mkdirSync(dirname(templatePath), { recursive: true });
  const partial = `${templatePath}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, templatePath);
  return templatePath;
}
