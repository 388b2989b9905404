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
 * A run cleans up after itself. Each test file's process gets a temp folder of its own
 * (TMPDIR, see scripts/test-process.mjs) inside one folder for the run; after the run,
 * anything left in them fails the run, named with the file that left it, and the run's
 * folder is removed. The slowest files are listed with their times, against the budget
 * of the whole run in README.md.
 *
 * Environment: TEST_CONCURRENCY (default 2, the machine's cores), TEST_TIMEOUT_MS (per
 * test, default 300000), TEST_RUN_TIMEOUT_MS (whole run, default 1800000).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RECORD } from './test-process.mjs';

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

/**
 * The run's folder goes in the temp folder, or in /tmp where the temp folder's path is long
 * (macOS's /var/folders/...): tests put control sockets up to 77 bytes below it
 * (canopy-test-XXXXXX/f-XXXXXX/canopy-ctl-XXXXXX/theirs-sock-XXXXXX/canopy.sock), and a
 * socket's path must fit in 100 bytes.
 */
const tempBase = Buffer.byteLength(os.tmpdir()) > 23 && existsSync('/tmp') ? '/tmp' : os.tmpdir();
const runDir = mkdtempSync(path.join(tempBase, 'canopy-test-'));
const perFile = pathToFileURL(path.join(root, 'scripts', 'test-process.mjs')).href;
const nodeArgs = ['--import', 'tsx', '--import', perFile, '--test', '--test-reporter=spec', '--test-reporter-destination=stdout'];
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
  CANOPY_TEST_RUN_DIR: runDir,
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
};
// A server a test starts puts its control socket's folder under XDG_RUNTIME_DIR when that
// is set; without it, under TMPDIR, where a folder a killed server leaves is seen.
delete env.XDG_RUNTIME_DIR;
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
  const { files: ran, leftovers } = readRunFolder();
  rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });

  console.log('');
  if (ran.length > 1) {
    const slowest = ran.sort((a, b) => b.ms - a.ms).slice(0, 8);
    console.log(`slowest files: ${slowest.map((f) => `${f.file} ${Math.round(f.ms / 1000)} s`).join(', ')}`);
  }
  for (const leftover of leftovers) console.error(`run-tests: left in the temp folder: ${leftover}`);
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
  if (leftovers.length > 0) problems.push(`tests left ${leftovers.length} file(s) or folder(s) in the temp folder (make them with tempDir() of test/helpers/temp.ts)`);
  if (problems.length > 0) {
    console.error(`run-tests: FAILED: ${problems.join('; ')}`);
    process.exit(1);
  }
});

/**
 * The test files of the run, each with its folder and time (scripts/test-process.mjs
 * records them), and whatever is left in the files' folders. tsx's compile cache
 * (tsx-<user>), which the processes a test starts make, is not a test's to remove.
 */
function readRunFolder() {
  const byFolder = new Map();
  const recordPath = path.join(runDir, RECORD);
  const lines = existsSync(recordPath) ? readFileSync(recordPath, 'utf8').split('\n') : [];
  for (const line of lines.filter(Boolean)) {
    const { folder, ...fields } = JSON.parse(line);
    byFolder.set(folder, { ...byFolder.get(folder), ...fields });
  }
  const leftovers = [];
  for (const entry of readdirSync(runDir, { withFileTypes: true })) {
    if (entry.name === RECORD) continue;
    const owner = byFolder.get(entry.name)?.file;
    if (!entry.isDirectory() || !owner) {
      leftovers.push(entry.name);
      continue;
    }
    for (const name of readdirSync(path.join(runDir, entry.name))) {
      // tsx's compile cache, and Chromium's own scratch folder, which a browser closed under heavy load may leave
      // for a moment after close() returns (seen once in CI): neither is a file the test made.
      if (!name.startsWith('tsx-') && !name.startsWith('.org.chromium.Chromium.')) leftovers.push(`${name} (${owner})`);
    }
  }
  const files = [...byFolder.values()].filter((f) => f.file && f.ms !== undefined);
  return { files, leftovers };
}

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
