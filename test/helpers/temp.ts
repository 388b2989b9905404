import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/**
 * A new folder in the temp folder (`<prefix>-XXXXXX`), removed with everything in it when
 * the test file's process ends (node --test runs each file in a process of its own).
 *
 * At exit rather than in an after() hook: an after() registered here would run before the
 * test file's own after() hooks that stop the servers it started in such a folder, and a
 * server still running may write into it again (its database, its socket).
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  if (made.length === 0) process.once('exit', removeAll);
  made.push(dir);
  return dir;
}

function removeAll() {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
