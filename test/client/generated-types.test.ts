import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * packages/client/src/schema.ts and error-codes.ts are generated from the server (its
 * OpenAPI document, its error codes) and checked in: this fails when a route, schema or
 * error code changed without `npm run client:generate`, as the CI stage does.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test("the client's generated types are those of the current OpenAPI document and error codes", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'packages/client/scripts/generate.mjs'), '--check'], { cwd: root })
    .catch((error: { stderr?: string }) => assert.fail(`${error.stderr ?? error}`));
  assert.match(stdout, /up to date/);
});
