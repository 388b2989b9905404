#!/usr/bin/env node
/**
 * `npm test`: runs every test/**\/*.test.ts file with node's test runner through tsx.
 *
 *   npm test                                   every test file
 *   npm test -- test/auth.test.ts test/modules  some files or folders
 *   npm test -- --test-name-pattern=revoked     extra node flags pass through (use the = form)
 *
 * Node 20's `--test` does not expand quoted globs and exits 0 when it runs nothing, so
 * the file list is built here and passed explicitly; no file found, or no test run, is a
 * failure. The spec reporter prints progress; its closing summary is read back from the
 * output so that the run always ends with node's `# tests / # pass / # fail` lines and one
 * plain "tests: N passed, N failed, N skipped" line, which CI reads.
 *
 * Environment: TEST_CONCURRENCY (default 2, the machine's cores), TEST_TIMEOUT_MS (per
 * test, default 300000), TEST_RUN_TIMEOUT_MS (whole run, default 1800000).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_FILE = /\.test\.(ts|mts|js|mjs)$/;

/** Test files under a folder, in a stable order; node_modules and dot-folders are skipped. */
function testFilesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFilesUnder(full));
    else if (entry.isFile() && TEST_FILE.test(entry.name)) found.push(full);
  }
  return found.sort();
}

/** Splits `npm test -- ...` arguments into node flags and test paths (files or folders). */
function parseArgs(args) {
  const flags = [];
  const paths = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('-')) {
      flags.push(arg);
      continue;
    }
    if (existsSync(arg)) {
      paths.push(path.resolve(arg));
      continue;
    }
    const previous = args[i - 1];
    if (previous?.startsWith('--') && !previous.includes('=')) {
      flags.push(arg); // the value of a flag written as `--flag value`
      continue;
    }
    fail(`No such test file or folder: ${arg}`);
  }
  return { flags, paths };
}

function fail(message) {
  console.error(`run-tests: ${message}`);
  process.exit(1);
}

function hasFlag(flags, name) {
  return flags.some((flag) => flag === name || flag.startsWith(`${name}=`));
}

const SUMMARY_KEYS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo', 'duration_ms'];

/** The spec reporter's closing summary: the unindented `ℹ key value` lines at its end. */
function readSpecSummary(output) {
  const summary = {};
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
  for (const line of output.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) {
    const match = /^ℹ (\w+) (\d+(?:\.\d+)?)\s*$/.exec(line);
    if (match && SUMMARY_KEYS.includes(match[1])) summary[match[1]] = Number(match[2]);
  }
  return summary;
}

const { flags, paths } = parseArgs(process.argv.slice(2));
const files = (paths.length > 0 ? paths : [path.join(root, 'test')])
  .flatMap((p) => (statSync(p).isDirectory() ? testFilesUnder(p) : [p]));
if (files.length === 0) fail(`no test files (*.test.ts) found under ${paths.length > 0 ? paths.join(', ') : 'test/'}`);

const nodeArgs = ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout'];
if (!hasFlag(flags, '--test-concurrency')) nodeArgs.push(`--test-concurrency=${process.env.TEST_CONCURRENCY ?? 2}`);
if (!hasFlag(flags, '--test-timeout')) nodeArgs.push(`--test-timeout=${process.env.TEST_TIMEOUT_MS ?? 300_000}`);
// A file that leaves a handle open (a pool, a server) must not hang the run after its tests end.
if (!hasFlag(flags, '--test-force-exit')) nodeArgs.push('--test-force-exit');
nodeArgs.push(...flags, ...files.map((file) => path.relative(process.cwd(), file) || file));

const database = process.env.DATABASE_URL ? `PostgreSQL (${redact(process.env.DATABASE_URL)})` : 'PGlite in memory';
console.log(`run-tests: ${files.length} file(s) on ${database}`);

// The output passes through this process so that the summary can be read back; the tail
// is enough, since the summary closes the run.
// Every Canopy process of a run shares one server secret, as an operator's processes would
// (required with DATABASE_URL); a fresh one per run.
const env = {
  ...process.env,
  CANOPY_SECRET_KEY: process.env.CANOPY_SECRET_KEY ?? randomBytes(32).toString('hex'),
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
};
const child = spawn(process.execPath, nodeArgs, { stdio: ['ignore', 'pipe', 'inherit'], env });
let tail = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString('utf8')).slice(-64 * 1024);
});
const runTimeoutMs = Number(process.env.TEST_RUN_TIMEOUT_MS ?? 1_800_000);
let timedOut = false;
const watchdog = setTimeout(() => {
  timedOut = true;
  console.error(`run-tests: the run took longer than ${runTimeoutMs} ms; stopping it`);
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
}, runTimeoutMs);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));

child.on('close', (code, signal) => {
  clearTimeout(watchdog);
  const summary = readSpecSummary(tail);
  const count = (key) => summary[key] ?? 0;

  console.log('');
  for (const key of SUMMARY_KEYS) {
    if (key in summary) console.log(`# ${key} ${summary[key]}`);
  }
  const failed = count('fail') + count('cancelled');
  const skipped = count('skipped') + count('todo');
  console.log(`tests: ${count('pass')} passed, ${failed} failed, ${skipped} skipped`);

  const problems = [];
  if (timedOut) problems.push('the run timed out');
  if (signal) problems.push(`the test runner was killed by ${signal}`);
  else if (code !== 0) problems.push(`the test runner exited with code ${code}`);
  if (!('tests' in summary)) problems.push('the test runner printed no summary');
  else if (count('tests') === 0) problems.push('no test ran');
  if (failed > 0) problems.push(`${failed} test(s) failed or were cancelled`);
  if (problems.length > 0) {
    console.error(`run-tests: FAILED: ${problems.join('; ')}`);
    process.exit(1);
  }
});

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
