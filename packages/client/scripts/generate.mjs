#!/usr/bin/env node
/**
 * Writes src/schema.ts, the types of every path, operation and object of Canopy's v2 API,
 * from the OpenAPI document the server builds from its route schemas (`canopy openapi`),
 * with openapi-typescript, and src/error-codes.ts, the stable error codes of docs/errors.md
 * (src/core/errors.ts of the server). Run from the repository (`npm run client:generate` at the root,
 * or `npm run generate` in packages/client); CI runs it and fails when the file changes.
 *
 *   node packages/client/scripts/generate.mjs            write both files
 *   node packages/client/scripts/generate.mjs --check    exit 1 when either is not up to date
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageDir, '../..');
const HEADER = '// Generated from Canopy by packages/client/scripts/generate.mjs: do not edit.\n// Regenerate with `npm run client:generate` at the repository root.\n\n';

// The document's examples name the server's public URL: the default one (from no HOST, PORT or
// PUBLIC_BASE_URL), whatever the shell says, so that the files are the same on every machine.
const { PUBLIC_BASE_URL: _url, HOST: _host, PORT: _port, ...env } = process.env;
const run = (args) => execFileSync(process.execPath, args, { cwd: repoRoot, env, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');

const documentJson = run([path.join(repoRoot, 'bin/canopy.mjs'), 'openapi']);
const schema = HEADER + astToString(await openapiTS(JSON.parse(documentJson)));

const codes = JSON.parse(run(['--import', 'tsx', '--input-type=module', '-e',
  "const { ERROR_CODES } = await import('./src/core/errors.ts'); process.stdout.write(JSON.stringify(Object.keys(ERROR_CODES).sort()));"]));
const errorCodes = `${HEADER}/** Every stable error code the server has (docs/errors.md). */\nexport const ERROR_CODES = [\n${codes.map((code) => `  '${code}',`).join('\n')}\n] as const;\n\nexport type ErrorCode = (typeof ERROR_CODES)[number];\n`;

const files = [[path.join(packageDir, 'src/schema.ts'), schema], [path.join(packageDir, 'src/error-codes.ts'), errorCodes]];

if (process.argv.includes('--check')) {
  let stale = 0;
  for (const [target, text] of files) {
    let current = '';
    try { current = readFileSync(target, 'utf8'); } catch {}
    if (current === text) continue;
    stale++;
    console.error(`${path.relative(repoRoot, target)} is out of date: run npm run client:generate and commit it.`);
  }
  if (stale) process.exit(1);
  console.log('packages/client/src/schema.ts and error-codes.ts are up to date.');
} else {
  for (const [target, text] of files) {
    writeFileSync(target, text);
    console.log(`wrote ${path.relative(repoRoot, target)} (${text.length} characters)`);
  }
}
