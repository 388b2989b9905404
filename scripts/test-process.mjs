/**
 * Loaded (`--import`) by each process scripts/run-tests.mjs has node --test start, one per
 * test file. Gives the file a temp folder of its own inside the run's folder
 * (CANOPY_TEST_RUN_DIR) as TMPDIR, which the processes the file starts inherit, so that what
 * any of them leaves behind is found after the run and put down to the file. Records in the
 * run's folder which folder is the file's, and at exit how long the file took.
 *
 * The folder's name is short: a control socket's path must fit in 100 bytes, and tests make
 * data folders and sockets a few levels below TMPDIR.
 *
 * Does nothing in node --test's own process, nor where TMPDIR is already inside the run's
 * folder (a process a test started with the same flags).
 */
import { appendFileSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export const RECORD = 'files.ndjson';

const runDir = process.env.CANOPY_TEST_RUN_DIR;
const file = process.argv[1];
const inRun = (dir) => dir !== undefined && path.resolve(dir).startsWith(`${runDir}${path.sep}`);

if (runDir && file && process.env.NODE_TEST_CONTEXT && !inRun(process.env.TMPDIR)) {
  const folder = path.basename(mkdtempSync(path.join(runDir, 'f-')));
  process.env.TMPDIR = path.join(runDir, folder);
  const record = (fields) => appendFileSync(path.join(runDir, RECORD), `${JSON.stringify({ folder, ...fields })}\n`);
  record({ file: path.relative(process.cwd(), file) });
  process.once('exit', () => record({ ms: Math.round(performance.now()) }));
}
